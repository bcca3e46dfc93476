import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createAccount, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody, uploadStatement } from '../../test/uploads';

const OCTOBER = [
  'Date,Description,Amount',
  '10/01/2026,PAYROLL ACME CORP DIRECT DEP,2500.00',
  '10/02/2026,POS PURCHASE SHELL OIL 57442 PORTLAND OR,-41.20',
  '10/03/2026,"ZIGGY\'S BIKE SHOP, LLC",-120.00',
  '10/03/2026,STARBUCKS STORE 0942,-5.75',
  '10/03/2026,STARBUCKS STORE 0942,-5.75',
].join('\n');

const OCTOBER_AND_NOVEMBER = [
  OCTOBER,
  '11/02/2026,POS PURCHASE SHELL OIL 57442 PORTLAND OR,-38.10',
  '11/05/2026,"ZIGGY\'S BIKE SHOP, LLC",-60.00',
].join('\n');

describe(`statement imports on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let accountId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'imports@example.com'));
    accountId = await createAccount(t.app, token);
    ids = await subcategoryIds(t.app, token);
  });
  afterAll(() => t.close());

  const transactionCount = async () =>
    Number((await t.database.db.selectFrom('transactions').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);
  const month = async (m: number) =>
    (await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${accountId}/transactions/month/${m}/year/2026` })).json<
      Array<{ entity: { name: string }; amount: number; type: string; subcategories: Array<{ name: string }> }>
    >();

  it('imports a CSV into the ledger with payees, categories by keyword, and a summary', async () => {
    const { response, job } = await uploadStatement(t.app, token, accountId, OCTOBER);
    expect(response.statusCode).toBe(202);
    expect(job).toMatchObject({ status: 'completed', progress: 100, rows_read: 5, rows_imported: 5, duplicates_skipped: 0 });
    const rows = await month(10);
    expect(rows).toHaveLength(5);
    const shell = rows.find((row) => row.amount === 41.2);
    expect(shell).toMatchObject({ type: 'expense', subcategories: [{ name: 'Fuel' }] });
    const payroll = rows.find((row) => row.type === 'income');
    expect(payroll?.subcategories.map((line) => line.name)).toEqual(['Paycheck']);
    expect(rows.filter((row) => row.amount === 5.75)).toHaveLength(2);
    expect(job?.categorized).toBe(rows.filter((row) => row.subcategories.length > 0).length);
  });

  it('adds nothing when the same file is imported again', async () => {
    const before = await transactionCount();
    const { job } = await uploadStatement(t.app, token, accountId, OCTOBER);
    expect(job).toMatchObject({ status: 'completed', rows_read: 5, rows_imported: 0, duplicates_skipped: 5 });
    expect(await transactionCount()).toBe(before);
  });

  it('adds only the new rows of an overlapping later export, categorized from the payee history', async () => {
    const ziggy = (await month(10)).find((row) => row.entity.name.startsWith('Ziggy'));
    expect(ziggy?.subcategories).toEqual([]);
    const rowId = (ziggy as unknown as { id: number }).id;
    const categorized = await asUser(t.app, token, {
      method: 'PUT',
      url: `/api/transactions/${rowId}`,
      payload: { type: 'expense', amount: 120, date: '2026-10-03', subcategories: [{ id: ids.Hobbies }] },
    });
    expect(categorized.statusCode).toBe(200);

    const { job } = await uploadStatement(t.app, token, accountId, OCTOBER_AND_NOVEMBER);
    expect(job).toMatchObject({ status: 'completed', rows_read: 7, rows_imported: 2, duplicates_skipped: 5 });
    const november = await month(11);
    expect(november.find((row) => row.entity.name.startsWith('Ziggy'))?.subcategories.map((line) => line.name)).toEqual(['Hobbies']);
  });

  it('imports an OFX statement once, recognising its FITIDs', async () => {
    const ofx = [
      'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '', '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261112<TRNAMT>-15.99<FITID>A-1<NAME>NETFLIX.COM</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261113<TRNAMT>-15.99<FITID>A-2<NAME>NETFLIX.COM</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const first = await uploadStatement(t.app, token, accountId, ofx, 'bank.qfx', 'application/vnd.intu.qfx');
    expect(first.job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const again = await uploadStatement(t.app, token, accountId, ofx, 'bank.ofx', 'application/x-ofx');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 2 });
  });

  it('imports a transaction once when the bank repeats its FITID inside one file', async () => {
    const ofx = [
      'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '', '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261114<TRNAMT>-8.40<FITID>R-7<NAME>CORNER DELI</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261114<TRNAMT>-8.40<FITID>R-7<NAME>CORNER DELI</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const upload = await uploadStatement(t.app, token, accountId, ofx, 'repeats.ofx', 'application/x-ofx');
    expect(upload.job).toMatchObject({ status: 'completed', rows_read: 1, rows_imported: 1, duplicates_skipped: 0, rows_skipped: 1 });
    // The repeat is not lost without a word: it is listed, with the line it repeats.
    expect(upload.job?.skipped).toEqual([{ line: 7, reason: 'The same transaction as line 6 (same bank id, date and amount): imported once.' }]);
  });

  it('keeps two different transactions a bank gave one FITID, and adds neither again on a second upload', async () => {
    const ofx = [
      'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '', '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>XFER<DTPOSTED>20261116<TRNAMT>-55.00<FITID>ALLY-1<NAME>TRANSFER TO SAVINGS</STMTTRN>',
      '<STMTTRN><TRNTYPE>CHECK<DTPOSTED>20261116<TRNAMT>-1000.00<FITID>ALLY-1<NAME>CHECK 1043</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const first = await uploadStatement(t.app, token, accountId, ofx, 'ally.qfx', 'application/x-ofx');
    expect(first.job).toMatchObject({ status: 'completed', rows_read: 2, rows_imported: 2, rows_skipped: 0 });
    const again = await uploadStatement(t.app, token, accountId, ofx, 'ally.qfx', 'application/x-ofx');
    expect(again.job).toMatchObject({ status: 'completed', rows_read: 2, rows_imported: 0, duplicates_skipped: 2 });
  });

  it('fails a file with a bad line, naming it, and adds nothing', async () => {
    const before = await transactionCount();
    const broken = [OCTOBER_AND_NOVEMBER, '12/01/2026,NEW PLACE,-10.00', '12/02/2026,BROKEN,twelve dollars'].join('\n');
    const { job } = await uploadStatement(t.app, token, accountId, broken);
    expect(job).toMatchObject({ status: 'failed', rows_imported: 0 });
    expect(String(job?.error)).toMatch(/^Line 10: /);
    expect(await transactionCount()).toBe(before);
  });

  it('refuses files that are not statements and uploads without a file or account', async () => {
    const wrongType = await uploadStatement(t.app, token, accountId, '%PDF-1.4', 'statement.pdf', 'application/pdf');
    expect(wrongType.response.statusCode).toBe(422);
    expect(wrongType.response.json().errors.file).toEqual(['Please select a CSV, OFX, QFX, QIF, CAMT (.xml), MT940 or Excel (.xlsx) statement file.']);
    const body = multipartBody({ account_id: String(accountId) });
    const noFile = await t.app.inject({ method: 'POST', url: '/api/upload-transactions', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
    expect(noFile.json().errors.file).toEqual(['Please select a statement file (CSV, OFX, QFX, QIF, CAMT .xml, MT940 or Excel .xlsx) and an account.']);
    const noAccount = await uploadStatement(t.app, token, '', OCTOBER);
    expect(noAccount.response.json().errors.file).toEqual(['Please select a statement file (CSV, OFX, QFX, QIF, CAMT .xml, MT940 or Excel .xlsx) and an account.']);
    const json = await asUser(t.app, token, { method: 'POST', url: '/api/upload-transactions', payload: { account_id: accountId } });
    expect(json.statusCode).toBe(422);
  });

  it("refuses another user's account and shows nobody else's import", async () => {
    const { token: other } = await registerUser(t.app, 'imports-other@example.com');
    const { response } = await uploadStatement(t.app, other, accountId, OCTOBER);
    expect(response.statusCode).toBe(404);
    const mine = await uploadStatement(t.app, token, accountId, OCTOBER);
    const jobId = (mine.job as { id: number }).id;
    const peek = await asUser(t.app, other, { method: 'GET', url: `/api/imports/${jobId}` });
    expect(peek.statusCode).toBe(404);
  });

  it('answers the bank-import call with nothing to categorize while no bank provider is configured', async () => {
    const response = await asUser(t.app, token, { method: 'POST', url: '/api/transactions/import', payload: { user_id: 1 } });
    expect(response.json()).toEqual({ imported: 0, uncategorizedTransactions: [] });
  });
});

describe(`import failures and restarts on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let bookId: number;
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token, userId, bookId } = await registerUser(t.app, 'import-crash@example.com'));
    accountId = await createAccount(t.app, token);
  });
  afterAll(() => t.close());

  const rows = (count: number, description = (i: number) => `SHOP ${i}`) =>
    ['Date,Description,Amount', ...Array.from({ length: count }, (_, i) => `11/${String((i % 28) + 1).padStart(2, '0')}/2026,${description(i)},-${i + 1}.00`)].join('\n');
  const count = async () => Number((await t.database.db.selectFrom('transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('adds nothing when the database fails half-way through inserting a file', async () => {
    // A trigger makes the 900th row's insert fail, as a full disk or a lost connection would.
    if (TEST_DB === 'sqlite') {
      await sql`create trigger explode before insert on transactions when new.description = 'EXPLODE'
        begin select raise(abort, 'disk I/O error'); end`.execute(t.database.db);
    } else {
      await sql`create function explode() returns trigger language plpgsql as $$
        begin if new.description = 'EXPLODE' then raise exception 'disk I/O error'; end if; return new; end $$`.execute(t.database.db);
      await sql`create trigger explode before insert on transactions for each row execute function explode()`.execute(t.database.db);
    }
    const { job } = await uploadStatement(t.app, token, accountId, rows(1200, (i) => (i === 900 ? 'EXPLODE' : `SHOP ${i}`)));
    expect(job).toMatchObject({ status: 'failed', rows_imported: 0 });
    expect(String(job?.error)).toBe('The file could not be imported. Nothing was added; please try again.');
    expect(await count()).toBe(0);
    expect(await t.database.db.selectFrom('entities').select('id').execute()).toHaveLength(0);
    await sql`drop trigger explode${sql.raw(TEST_DB === 'sqlite' ? '' : ' on transactions')}`.execute(t.database.db);
  });

  it('resumes a job a stopped server left processing', async () => {
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('import_jobs')
      .values({
        book_id: bookId,
        created_by: userId,
        account_id: accountId,
        file_name: 'left-over.csv',
        content: rows(3),
        // The upload had answered the date question, as uploadStatement does.
        answers: JSON.stringify({ date_order: 'month-first' }),
        status: 'processing',
        attempts: 1,
        created_at: now,
        started_at: new Date(Date.now() - 20 * 60_000).toISOString(),
      })
      .execute();
    await t.app.imports.start();
    await t.app.imports.idle();
    const job = await t.database.db.selectFrom('import_jobs').selectAll().where('file_name', '=', 'left-over.csv').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'completed', rows_imported: 3, content: '' });
    expect(await count()).toBe(3);
  });

  /** A job row as a server process leaves it while working on it. */
  async function processingJob(fileName: string, attempts: number, lastSignOfLife: Date) {
    const at = lastSignOfLife.toISOString();
    const content = rows(2, (i) => `${fileName} ${i}`);
    await t.database.db
      .insertInto('import_jobs')
      .values({
        book_id: bookId,
        created_by: userId,
        account_id: accountId,
        file_name: fileName,
        content,
        // The upload had answered the date question, as uploadStatement does.
        answers: JSON.stringify({ date_order: 'month-first' }),
        status: 'processing',
        attempts,
        created_at: at,
        started_at: at,
        heartbeat_at: at,
      })
      .execute();
  }
  const jobNamed = (fileName: string) => t.database.db.selectFrom('import_jobs').selectAll().where('file_name', '=', fileName).executeTakeFirstOrThrow();

  it('fails a job interrupted three times with a clear message instead of leaving it processing', async () => {
    await processingJob('crashed-thrice.csv', 3, new Date(t.clock.now().getTime() - 60_000));
    await t.app.imports.start();
    await t.app.imports.idle();
    expect(await jobNamed('crashed-thrice.csv')).toMatchObject({
      status: 'failed',
      error: 'The import was interrupted several times and has stopped. Please upload the file again.',
      content: '',
    });
  });

  it.runIf(TEST_DB === 'postgres')('leaves a job to the live process whose lease is fresh, and takes it over once the lease lapses', async () => {
    await processingJob('in-hand.csv', 1, t.clock.now());
    await t.app.imports.start();
    await t.app.imports.idle();
    expect(await jobNamed('in-hand.csv')).toMatchObject({ status: 'processing', attempts: 1 });
    // Its process dies: 20 s without a renewal and any process takes the job over.
    t.clock.advanceMinutes(1);
    await t.app.imports.start();
    await t.app.imports.idle();
    expect(await jobNamed('in-hand.csv')).toMatchObject({ status: 'completed', attempts: 2, rows_imported: 2 });
  });
});
