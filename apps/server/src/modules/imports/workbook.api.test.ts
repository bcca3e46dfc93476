/**
 * Excel workbooks as statements (issue 34): the chosen sheet, or the first, is read as a CSV;
 * a file that is no workbook, a sheet that is not there, or a workbook that would unpack to
 * gigabytes is refused with a 422 naming what is wrong, and nothing is queued.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';
import { xlsxWorkbook } from '../../test/xlsx-workbook';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TWO_SHEETS = readFileSync(new URL('../../../../../packages/domain/src/imports/fixtures/xlsx-two-sheets.xlsx', import.meta.url));

/** A workbook whose zip directory says one part unpacks to about 4 GB. */
function claimsGigabytes(): Buffer {
  const bytes = Buffer.from(xlsxWorkbook([{ name: 'Sheet1', rows: [['Date', 'Description', 'Amount']] }]));
  const directory = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  bytes.writeUInt32LE(0xfffffff0, directory + 24);
  return bytes;
}

describe(`Excel workbooks on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'workbooks@example.com'));
  });
  afterAll(() => t.close());

  const signedAmounts = async (accountId: number) =>
    (await t.database.db.selectFrom('transactions').select(['date', 'type', 'amount_cents']).where('account_id', '=', accountId).orderBy('date').execute()).map(
      (row) => [row.date, row.type === 'expense' ? -row.amount_cents : row.amount_cents],
    );
  const jobCount = async () => Number((await t.database.db.selectFrom('import_jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('imports the chosen sheet of a workbook, its date cells and amounts exact, and names the sheet it read', async () => {
    const accountId = await createAccount(t.app, token, { name: 'Workbook checking' });
    const { response, job } = await uploadStatement(t.app, token, accountId, TWO_SHEETS, 'october.xlsx', XLSX_TYPE, { sheet: 'Transactions' });
    expect(response.statusCode).toBe(202);
    expect(job).toMatchObject({ status: 'completed', rows_read: 3, rows_imported: 3, file_name: 'october.xlsx (sheet Transactions)' });
    expect(await signedAmounts(accountId)).toEqual([
      ['2026-10-15', -5420],
      ['2026-10-16', -3800],
      ['2026-10-20', 150000],
    ]);
    // By number too, and again adds nothing.
    const again = await uploadStatement(t.app, token, accountId, TWO_SHEETS, 'october.xlsx', XLSX_TYPE, { sheet: '2' });
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 3 });
  });

  it('reads the first sheet by default: one without transactions asks for its columns', async () => {
    const accountId = await createAccount(t.app, token, { name: 'Workbook default' });
    const { job } = await uploadStatement(t.app, token, accountId, TWO_SHEETS, 'october.xlsx', XLSX_TYPE);
    expect(job).toMatchObject({ status: 'failed', needs_mapping: true, file_name: 'october.xlsx (sheet Summary)' });
  });

  it('refuses a sheet that is not there, a file that is no workbook, and one that would unpack to gigabytes (422, nothing queued)', async () => {
    const accountId = await createAccount(t.app, token, { name: 'Workbook refusals' });
    const before = await jobCount();
    const missing = await uploadStatement(t.app, token, accountId, TWO_SHEETS, 'october.xlsx', XLSX_TYPE, { sheet: 'Umsätze' });
    expect(missing.response.statusCode).toBe(422);
    expect(missing.response.json().errors.sheet).toEqual(['The workbook has no sheet "Umsätze"; its sheets are "Summary", "Transactions".']);
    const notZip = await uploadStatement(t.app, token, accountId, 'Date,Description,Amount\n10/15/2026,X,-1.00\n', 'renamed.xlsx', XLSX_TYPE);
    expect(notZip.response.statusCode).toBe(422);
    expect(notZip.response.json().errors.file[0]).toContain('not an Excel workbook');
    const bomb = await uploadStatement(t.app, token, accountId, claimsGigabytes(), 'bomb.xlsx', XLSX_TYPE);
    expect(bomb.response.statusCode).toBe(422);
    expect(bomb.response.json().errors.file).toEqual(['This workbook unpacks to more than 200 MB. Export the statement as CSV instead.']);
    expect(await jobCount()).toBe(before);
  });
});
