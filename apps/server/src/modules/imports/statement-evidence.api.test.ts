/**
 * Issue 34: statement files that were read badly, each reproduced by a fixture of
 * packages/domain/src/imports/fixtures (named for its case), uploaded as bytes and read back
 * through the ledger: the payee, amount and date every row got, and what the job says of the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/test-app';
import { accountInCurrency, ledgerMonth, signedRows, statementFixture } from '../../test/statement-ledger';
import { uploadStatement } from '../../test/uploads';

describe(`statement files of issue 34 on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
  });
  afterAll(() => t?.close());

  let people = 0;
  /** A person of their own whose book, and so its account, keeps `currency`; each case starts empty. */
  const accountIn = (currency: string) => accountInCurrency(t.app, `evidence-${(people += 1)}@example.com`, currency);

  /** The October 2026 ledger rows, in date order. */
  const october = (token: string, accountId: number) => ledgerMonth(t.app, token, accountId, 10, 2026);

  it('names an OFX card payment by the merchant in MEMO when NAME is "130722 CB****6516", keeping NAME in the notes', async () => {
    const { token, accountId } = await accountIn('EUR');
    const { job } = await uploadStatement(t.app, token, accountId, statementFixture('ofx-banque-populaire-card-stub-names.ofx'), 'bp.ofx', 'application/x-ofx');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 3 });
    const rows = await october(token, accountId);
    expect(signedRows(rows)).toEqual([
      ['2026-10-14', 'Auchan Super', -54.37],
      ['2026-10-16', 'Boulangerie Le Fournil', -7.2],
      ['2026-10-25', 'Vir Sepa Acme Sarl', 1850],
    ]);
    expect(rows[0]?.notes).toBe('130722 CB****6516');
    expect(rows.map((row) => row.entity.name)).not.toContain('CB');
  });

  it("takes a bunq CSV's Name column as the payee, not its Description", async () => {
    const { token, accountId } = await accountIn('USD');
    const { job } = await uploadStatement(t.app, token, accountId, statementFixture('csv-bunq-name-and-description.csv'), 'bunq.csv');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 3 });
    const rows = await october(token, accountId);
    expect(signedRows(rows)).toEqual([
      ['2026-10-08', 'Cloudflare', -9.21],
      ['2026-10-12', 'Albert Heijn', -23.4],
      ['2026-10-25', 'Acme B.V', 2400],
    ]);
    // The description the bank wrote stays with the row, whole.
    expect(rows[0]?.description).toBe('CLOUDFLARE 650-3198939, US 9.95 USD, 1 USD = 0.9254 EUR');
    expect(rows.map((row) => row.entity.name).join(' ')).not.toMatch(/650-|0\. Eur|Usd/);
  });

  it('reads a ragged ";" CSV with a preamble and decimal commas as ";"-delimited', async () => {
    const { token, accountId } = await accountIn('EUR');
    // Its dates are day-first (15.10.2026): the upload says so, as uploadStatement otherwise answers month-first.
    const { job } = await uploadStatement(t.app, token, accountId, statementFixture('csv-livebank-ragged-semicolon.csv'), 'livebank.csv', 'text/csv', {
      confirm: 'day-first',
    });
    expect(job).toMatchObject({ status: 'completed', rows_imported: 7, needs_mapping: false });
    expect(signedRows(await october(token, accountId))).toEqual([
      ['2026-10-02', 'REWE Markt', -12.5],
      ['2026-10-05', 'Hausverwaltung Schmidt', -850],
      ['2026-10-09', 'Stadtwerke', -84.2],
      ['2026-10-12', 'Buchhandlung Lehmann', -18.9],
      ['2026-10-15', 'ACME GmbH', 2500],
      ['2026-10-18', 'Deutsche Bahn', -39.9],
      ['2026-10-21', 'Bäckerei Kraus', -3.75],
    ]);
  });

  it('title-cases accented capitals', async () => {
    const { token, accountId } = await accountIn('USD');
    const { job } = await uploadStatement(t.app, token, accountId, statementFixture('csv-accented-capital-payees.csv'), 'accents.csv');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 3 });
    expect(signedRows(await october(token, accountId))).toEqual([
      ['2026-10-04', 'Épargne Logement', -200],
      ['2026-10-06', 'Überweisung Miete', -850],
      ['2026-10-09', 'Crêperie Élodie', -14.5],
    ]);
  });

  it('rounds sub-cent OFX amounts half-even to the cent and says so once', async () => {
    const { token, accountId } = await accountIn('USD');
    const { job } = await uploadStatement(t.app, token, accountId, statementFixture('ofx-sub-cent-amounts.ofx'), 'subcent.ofx', 'application/x-ofx');
    expect(job).toMatchObject({
      status: 'completed',
      rows_imported: 4,
      notes: ['3 amounts had more than two decimal places and were rounded to the cent (line 18: 115.8331 → 115.83).'],
    });
    expect(signedRows(await october(token, accountId))).toEqual([
      ['2026-10-03', 'Interest', 115.83],
      ['2026-10-04', 'FX Fee One', -0.12],
      ['2026-10-05', 'FX Fee Two', -0.14],
      ['2026-10-06', 'Corner Shop', -42.5],
    ]);
  });

  it('finishes an OFX without transactions saying so, and names the accounts of a file that holds several', async () => {
    const { token, accountId } = await accountIn('USD');
    const empty = await uploadStatement(t.app, token, accountId, statementFixture('ofx-no-transactions.ofx'), 'empty.ofx', 'application/x-ofx');
    expect(empty.job).toMatchObject({ status: 'completed', rows_imported: 0, notes: ['The file holds no transactions for account …1234.'] });
    const two = await uploadStatement(t.app, token, accountId, statementFixture('ofx-two-accounts-one-empty.ofx'), 'two.ofx', 'application/x-ofx');
    expect(two.job).toMatchObject({
      status: 'completed',
      rows_imported: 1,
      notes: ['The file holds 2 accounts: transactions were read from account …2222; account …4444 held none.'],
    });
    expect(signedRows(await october(token, accountId))).toEqual([['2026-10-07', 'Corner Shop', -18.4]]);
  });

  it('imports the booked entries of a CAMT.052 report and a CAMT.054 notification, skipping the pending one', async () => {
    const { token, accountId } = await accountIn('EUR');
    const report = await uploadStatement(t.app, token, accountId, statementFixture('camt052-intraday-booked-and-pending.xml'), 'camt052.xml', 'text/xml');
    expect(report.job).toMatchObject({ status: 'completed', rows_imported: 1, rows_skipped: 1, skipped: [{ line: 19, reason: 'Not booked yet (status PDNG).' }] });
    const notification = await uploadStatement(t.app, token, accountId, statementFixture('camt054-booked-notification.xml'), 'camt054.xml', 'text/xml');
    expect(notification.job).toMatchObject({ status: 'completed', rows_imported: 1 });
    expect(signedRows(await october(token, accountId))).toEqual([
      ['2026-10-22', 'Stadtwerke Berlin', -61.15],
      ['2026-10-23', 'Jana Beispiel', 320],
    ]);
  });

  it.each([
    ['camt052-intraday-pending-only.xml', 'This is a CAMT.052 intraday account report with no booked entries; upload the CAMT.053 end-of-day statement instead.'],
    ['camt054-pending-only-notification.xml', 'This is a CAMT.054 debit/credit notification with no booked entries; upload the CAMT.053 end-of-day statement instead.'],
  ])('refuses %s with no booked entry, saying what it is, and writes nothing', async (name, error) => {
    const { token, accountId } = await accountIn('EUR');
    const { job } = await uploadStatement(t.app, token, accountId, statementFixture(name), name, 'text/xml');
    expect(job).toMatchObject({ status: 'failed', rows_imported: 0, error });
    expect(await october(token, accountId)).toEqual([]);
  });
});
