/**
 * Issue 17: statement files as real banks write them, uploaded as bytes (the fixtures of
 * packages/domain/src/imports/fixtures, each named for its case) and read back through the API.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

const fixture = (name: string) => readFileSync(new URL(`../../../../../packages/domain/src/imports/fixtures/${name}`, import.meta.url));

interface LedgerRow {
  entity: { name: string };
  amount: number;
  type: string;
  description: string | null;
  notes: string | null;
}

describe(`statement files from real banks on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'real-banks@example.com'));
  });
  afterAll(() => t?.close());

  const month = async (accountId: number, m: number, as = token) => {
    const response = await asUser(t.app, as, { method: 'GET', url: `/api/accounts/${accountId}/transactions/month/${m}/year/2026` });
    return response.json<LedgerRow[]>();
  };
  /**
   * An account of a book kept in `currency`, for a file that states it (CAD, EUR): a file in
   * another currency than its account's is refused (DECISIONS.md #91).
   */
  let people = 0;
  const accountIn = async (currency: string) => {
    people += 1;
    const person = await registerUser(t.app, `real-banks-${currency.toLowerCase()}-${people}@example.com`);
    const patched = await asUser(t.app, person.token, { method: 'PATCH', url: `/api/books/${person.bookId}`, payload: { base_currency: currency } });
    expect(patched.statusCode).toBe(200);
    return { token: person.token, accountId: await createAccount(t.app, person.token) };
  };

  it('keeps the accents and the euro sign of a Windows-1252 CSV, and a second upload adds no row', async () => {
    const accountId = await createAccount(t.app, token);
    const first = await uploadStatement(t.app, token, accountId, fixture('windows-1252-cafe-metro.csv'), 'cafe.csv');
    expect(first.job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const names = (await month(accountId, 10)).map((row) => row.entity.name).sort();
    expect(names).toEqual(['Café Métro €uro', 'Crêperie Élodie']);
    expect(JSON.stringify(names)).not.toContain('\uFFFD');
    const again = await uploadStatement(t.app, token, accountId, fixture('windows-1252-cafe-metro.csv'), 'cafe.csv');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 2 });
  });

  it("reads an OFX file in the CHARSET:1252 its header declares", async () => {
    const { token: cad, accountId } = await accountIn('CAD');
    const { job } = await uploadStatement(t.app, cad, accountId, fixture('ofx-charset-1252-interac.ofx'), 'interac.ofx', 'application/x-ofx');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 1 });
    const [row] = await month(accountId, 10, cad);
    expect(row?.entity.name).toBe('Virement Interac à: Jean');
    expect(row?.notes).toBe('Dépôt réglé');
  });

  it('reports every line it passed over, and why', async () => {
    const accountId = await createAccount(t.app, token);
    const { job } = await uploadStatement(t.app, token, accountId, fixture('csv-starting-balance-line.csv'), 'balance.csv');
    expect(job).toMatchObject({
      status: 'completed',
      rows_read: 2,
      rows_imported: 2,
      rows_skipped: 3,
      skipped: [
        { line: 2, reason: 'A balance or total line ("Starting Balance"), not a transaction.' },
        { line: 4, reason: 'Zero amount: no money moved.' },
        { line: 5, reason: 'No date ("Pending").' },
      ],
      notice: null,
      needs_mapping: false,
      columns: [],
    });
  });

  it('imports the cash of an investment statement and says plainly what it does not track', async () => {
    const accountId = await createAccount(t.app, token);
    const { job } = await uploadStatement(t.app, token, accountId, fixture('ofx-investment-statement.qfx'), 'brokerage.qfx', 'application/vnd.intu.qfx');
    expect(job).toMatchObject({
      status: 'completed',
      rows_imported: 2,
      notice: 'This is an investment statement: 2 cash transactions imported; 4 trades and dividends are not tracked by Mindspend.',
    });
    expect((await month(accountId, 10)).map((row) => row.amount).sort()).toEqual([25, 500]);
  });

  it('fails an investment statement with nothing to import, saying why, and writes nothing', async () => {
    const accountId = await createAccount(t.app, token);
    const { job } = await uploadStatement(t.app, token, accountId, fixture('ofx-investment-trades-only.qfx'), 'trades.qfx', 'application/vnd.intu.qfx');
    expect(job).toMatchObject({
      status: 'failed',
      rows_imported: 0,
      error: 'This is an investment statement with no cash transactions to import; 4 trades and dividends are not tracked by Mindspend.',
    });
    expect(await month(accountId, 10)).toEqual([]);
  });

  it('reads CDATA names and a header inside a comment through the upload', async () => {
    const { token: eur, accountId } = await accountIn('EUR');
    const cdata = await uploadStatement(t.app, eur, accountId, fixture('ofx-cdata-names.ofx'), 'cdata.ofx', 'application/x-ofx');
    expect(cdata.job).toMatchObject({ status: 'completed', rows_imported: 1 });
    const commented = await uploadStatement(t.app, eur, accountId, fixture('ofx-header-in-comment-ofxstatement.ofx'), 'ofxstatement.ofx', 'application/x-ofx');
    expect(commented.job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const rows = await month(accountId, 10, eur);
    expect(rows.map((row) => row.entity.name)).not.toContain('Unknown Payee');
    expect(rows.find((row) => row.amount === 23.4)?.notes).toBe('Groceries & more <weekly>');
  });

  it('imports a QIF file once: day-first dates read from the whole file, a second upload adds no row', async () => {
    const accountId = await createAccount(t.app, token);
    const first = await uploadStatement(t.app, token, accountId, fixture('qif-day-first-dates-apostrophe-year.qif'), 'export.qif', '');
    expect(first.job).toMatchObject({ status: 'completed', rows_read: 3, rows_imported: 3 });
    expect((await month(accountId, 10)).map((row) => row.amount).sort((a, b) => a - b)).toEqual([12.5, 1234.56]);
    const again = await uploadStatement(t.app, token, accountId, fixture('qif-day-first-dates-apostrophe-year.qif'), 'export.qif', '');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 3 });
  });

  it('imports a CAMT.053 statement once, keyed by the bank reference, and reports the pending entry', async () => {
    const { token: eur, accountId } = await accountIn('EUR');
    const first = await uploadStatement(t.app, eur, accountId, fixture('camt053-booked-and-pending.xml'), 'camt053.xml', 'text/xml');
    expect(first.job).toMatchObject({
      status: 'completed',
      rows_imported: 2,
      rows_skipped: 1,
      skipped: [{ line: 32, reason: 'Not booked yet (status PDNG).' }],
    });
    const rows = await month(accountId, 10, eur);
    expect(rows.find((row) => row.type === 'expense')).toMatchObject({ amount: 1234.56, entity: { name: 'Hausverwaltung Schmidt & Söhne' } });
    const again = await uploadStatement(t.app, eur, accountId, fixture('camt053-booked-and-pending.xml'), 'camt053.xml', 'text/xml');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 2 });
  });
});
