import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';
import { BULK_BATCH } from './bulk-insert.repo';

/** An OFX statement of the given FITIDs, one NETFLIX (categorized) or CORNER DELI row each. */
function ofx(fitIds: readonly string[]): string {
  const rows = fitIds.map((fitId, index) => {
    const day = String((index % 28) + 1).padStart(2, '0');
    const payee = index % 2 ? 'NETFLIX.COM' : 'CORNER DELI';
    return `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202610${day}<TRNAMT>-${(index % 90) + 1}.25<FITID>${fitId}<NAME>${payee}</STMTTRN>`;
  });
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>',
    ...rows,
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');
}

/** A CSV of `count` rows, all different, NETFLIX rows (categorized by keyword) every other line. */
function csv(count: number, marker = 'ROW'): string {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < count; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      `10/${day}/2026,${i % 2 ? 'NETFLIX.COM' : `${marker} ${i}`},-${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
    );
  }
  return lines.join('\n');
}

const fitIds = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `F-${from + i}`);

describe(`bulk inserts of imported rows on ${TEST_DB} (issue 18, docs/DECISIONS.md #63)`, () => {
  let t: TestApp;
  let token: string;
  let bookId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token, bookId } = await registerUser(t.app, 'bulk-insert@example.com'));
  });
  afterAll(() => t.close());

  const rowsOf = (accountId: number) =>
    t.database.db
      .selectFrom('transactions')
      .select(['id', 'import_key', 'amount_cents'])
      .where('account_id', '=', accountId)
      .execute();
  const splitsOf = (accountId: number) =>
    t.database.db
      .selectFrom('transaction_splits as s')
      .innerJoin('transactions as t', 't.id', 's.transaction_id')
      .select(['s.transaction_id', 's.amount_cents', 't.amount_cents as transaction_cents', 's.book_id'])
      .where('t.account_id', '=', accountId)
      .execute();
  const revision = async () =>
    (
      await t.database.db
        .selectFrom('books')
        .select('data_revision')
        .where('id', '=', bookId)
        .executeTakeFirstOrThrow()
    ).data_revision;

  it.each([BULK_BATCH, BULK_BATCH + 1])(
    'imports a file of %i rows (a batch boundary) once, each categorized row with one split line of its own amount',
    async (count) => {
      const accountId = await createAccount(t.app, token, { name: `Boundary ${count}` });
      const before = await revision();
      const { job } = await uploadStatement(t.app, token, accountId, csv(count));
      expect(job).toMatchObject({
        status: 'completed',
        rows_read: count,
        rows_imported: count,
        duplicates_skipped: 0,
      });
      const rows = await rowsOf(accountId);
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row.import_key)).size).toBe(count);
      const splits = await splitsOf(accountId);
      expect(splits).toHaveLength(job?.categorized as number);
      expect(splits.length).toBeGreaterThanOrEqual(Math.floor(count / 2));
      expect(new Set(splits.map((split) => split.transaction_id)).size).toBe(splits.length);
      expect(
        splits.every((split) => split.amount_cents === split.transaction_cents && split.book_id === bookId),
      ).toBe(true);
      expect(await revision()).toBeGreaterThan(before);

      const again = await uploadStatement(t.app, token, accountId, csv(count));
      expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: count });
      expect(await rowsOf(accountId)).toHaveLength(count);
    },
  );

  it('skips keys already in the account and keeps a reused FITID\'s other transaction, across batches', async () => {
    const accountId = await createAccount(t.app, token, { name: 'Repeats' });
    const first = await uploadStatement(
      t.app,
      token,
      accountId,
      ofx(fitIds(0, 10)),
      'bank.ofx',
      'application/x-ofx',
    );
    expect(first.job).toMatchObject({ status: 'completed', rows_imported: 10 });
    // Ten known keys, then a batch and a bit of new ones, with F-12 and F-4 (known) given again
    // in the second batch to other transactions (another date and amount), as banks do.
    const file = [...fitIds(0, BULK_BATCH + 20), 'F-12', 'F-4'];
    const { job } = await uploadStatement(
      t.app,
      token,
      accountId,
      ofx(file),
      'bank.ofx',
      'application/x-ofx',
    );
    // The ten known keys are duplicates; the two reused FITIDs are transactions of their own.
    expect(job).toMatchObject({
      status: 'completed',
      rows_read: file.length,
      rows_imported: BULK_BATCH + 12,
      duplicates_skipped: 10,
      rows_skipped: 0,
    });
    const keys = (await rowsOf(accountId)).map((row) => row.import_key);
    expect(keys).toHaveLength(BULK_BATCH + 22);
    expect(new Set(keys).size).toBe(BULK_BATCH + 22);
    // Uploaded again, every row of it is known.
    const again = await uploadStatement(t.app, token, accountId, ofx(file), 'bank.ofx', 'application/x-ofx');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: file.length });
  });

  it('inserts a file\'s rows in date order, keeping the file\'s order within a day (docs/DECISIONS.md #65)', async () => {
    const accountId = await createAccount(t.app, token, { name: 'Date order' });
    // Newest first, as many banks export, with two rows on one day.
    const file = ['Date,Description,Amount', '10/03/2026,THIRD,-3.00', '10/02/2026,SECOND A,-2.00', '10/02/2026,SECOND B,-2.50', '10/01/2026,FIRST,-1.00'].join('\n');
    const { job } = await uploadStatement(t.app, token, accountId, file);
    expect(job).toMatchObject({ status: 'completed', rows_imported: 4 });
    const rows = await t.database.db
      .selectFrom('transactions')
      .select(['id', 'description'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.description)).toEqual(['FIRST', 'SECOND A', 'SECOND B', 'THIRD']);
  });

  it('leaves nothing behind when a row of a later batch fails: no rows, no payees, no revision bump', async () => {
    const accountId = await createAccount(t.app, token, { name: 'All or nothing' });
    const entities = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('entities')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('book_id', '=', bookId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const entitiesBefore = await entities();
    const before = await revision();
    // A row the database refuses, past the first batch: the first batch is already inserted.
    const failing = `BOOM ${BULK_BATCH + 10}`;
    if (t.database.dialect === 'postgres') {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$
        begin if new.description = ${sql.lit(failing)} then raise exception 'refused'; end if; return new; end $$`.execute(
        t.database.db,
      );
      await sql`create trigger refuse_boom before insert on transactions for each row execute function refuse_boom()`.execute(
        t.database.db,
      );
    } else {
      await sql`create trigger refuse_boom before insert on transactions
        when new.description = ${sql.lit(failing)} begin select raise(abort, 'refused'); end`.execute(
        t.database.db,
      );
    }
    try {
      const { job } = await uploadStatement(t.app, token, accountId, csv(BULK_BATCH + 50, 'BOOM'));
      expect(job, JSON.stringify(job)).toMatchObject({ status: 'failed', rows_imported: 0 });
    } finally {
      await sql`drop trigger refuse_boom${sql.raw(t.database.dialect === 'postgres' ? ' on transactions' : '')}`.execute(
        t.database.db,
      );
      if (t.database.dialect === 'postgres') await sql`drop function refuse_boom()`.execute(t.database.db);
    }
    expect(await rowsOf(accountId)).toHaveLength(0);
    expect(await entities()).toBe(entitiesBefore);
    expect(await revision()).toBe(before);

    // The same file imports in full once the database accepts it.
    const { job } = await uploadStatement(t.app, token, accountId, csv(BULK_BATCH + 50, 'BOOM'));
    expect(job).toMatchObject({ status: 'completed', rows_imported: BULK_BATCH + 50 });
  });
});
