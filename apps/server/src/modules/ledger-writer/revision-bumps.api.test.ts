/**
 * An import moves the user's revisions, so cached answers built before it are not reused after
 * it, on both databases. On SQLite the bulk insert bumps them once per batch instead of the
 * row-level triggers (migration 0025, docs/DECISIONS.md #66): the cached month listing must
 * still show the imported rows, the feelings revision must move for rows a rule gave a feeling,
 * and every write after the import must bump per row again.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';
import { BULK_BATCH } from './bulk-insert.repo';

interface LedgerRow {
  id: number;
  amount: number;
}

/** `count` November rows, every third one a STARBUCKS row (the rule below gives it a feeling). */
function csv(count: number): string {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < count; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`11/${day}/2026,${i % 3 ? `SHOP ${i}` : 'STARBUCKS STORE 12'},-${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`);
  }
  return lines.join('\n');
}

describe(`an import moves the data and feelings revisions on ${TEST_DB} (docs/DECISIONS.md #66)`, () => {
  let t: TestApp;
  let token: string;
  let bookId: number;
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-29T12:00:00Z');
    ({ token, bookId } = await registerUser(t.app, 'revision-bumps@example.com'));
    accountId = await createAccount(t.app, token);
    const rule = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/rules',
      payload: { conditions: [{ field: 'payee', op: 'contains', value: 'starbucks' }], actions: { feeling: 'neutral' } },
    });
    expect(rule.statusCode, rule.body).toBe(201);
  });
  afterAll(() => t.close());

  const revisions = () =>
    t.database.db
      .selectFrom('books')
      .select(['data_revision', 'feelings_revision'])
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow();
  const month = async () => {
    const response = await asUser(t.app, token, {
      method: 'GET',
      url: `/api/accounts/${accountId}/transactions/month/11/year/2026`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<LedgerRow[]>();
  };

  it('shows the imported rows in a month listing cached before the import, and bumps per row afterwards again', async () => {
    await createTransaction(t.app, token, accountId, { amount: 12, date: '2026-11-02', description: 'Typed' });
    const cached = await month();
    expect(await month()).toEqual(cached);
    const before = await revisions();

    // More than a batch, so two bulk statements; a third of the rows are felt.
    const count = BULK_BATCH + 7;
    const { job } = await uploadStatement(t.app, token, accountId, csv(count));
    expect(job).toMatchObject({ status: 'completed', rows_imported: count });
    const imported = await revisions();
    expect(imported.data_revision).toBeGreaterThan(before.data_revision);
    expect(imported.feelings_revision).toBeGreaterThan(before.feelings_revision);
    expect(await month()).toHaveLength(cached.length + count);
    if (t.database.dialect === 'sqlite') {
      const { rows } = await sql<{ n: number }>`select count(*) as n from revision_bumps_deferred`.execute(t.database.db);
      expect(Number(rows[0]?.n)).toBe(0);
    }

    // A typed write after the import moves the revision as before, and shows at once.
    const typed = await createTransaction(t.app, token, accountId, { amount: 3, date: '2026-11-03', description: 'After' });
    expect((await revisions()).data_revision).toBeGreaterThan(imported.data_revision);
    expect((await month()).some((row) => row.id === typed)).toBe(true);

    // The same file again: every row a duplicate, nothing written, the cached listing reused.
    const settled = await month();
    const again = await uploadStatement(t.app, token, accountId, csv(count));
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: count });
    expect(await month()).toEqual(settled);

    // New rows of known payees only: no payee is created, so only the bulk insert can move the revision.
    const known = ['Date,Description,Amount', '11/20/2026,STARBUCKS STORE 12,-7.77', '11/21/2026,SHOP 1,-8.88'].join('\n');
    const beforeKnown = await revisions();
    const third = await uploadStatement(t.app, token, accountId, known);
    expect(third.job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const afterKnown = await revisions();
    expect(afterKnown.data_revision).toBeGreaterThan(beforeKnown.data_revision);
    expect(afterKnown.feelings_revision).toBeGreaterThan(beforeKnown.feelings_revision);
    expect(await month()).toHaveLength(settled.length + 2);
  });

  it('bumps the feelings revision for a felt row written outside an import, as before', async () => {
    const before = await revisions();
    await createTransaction(t.app, token, accountId, { amount: 4, date: '2026-11-04', emotions: ['negative'] });
    const after = await revisions();
    expect(after.data_revision).toBeGreaterThan(before.data_revision);
    expect(after.feelings_revision).toBeGreaterThan(before.feelings_revision);
  });
});
