/**
 * Issue 34: MT940 statements (.sta) uploaded through the real route and read back from the
 * ledger: the dates, signed amounts and payees every row got, a second upload that adds nothing
 * (keyed by the bank's reference, or like a CSV row without one), and a EUR statement refused by
 * an account in USD (DECISIONS.md #91). The files are packages/domain/src/imports/fixtures/mt940-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/test-app';
import { accountInCurrency, ledgerMonth, signedRows, statementFixture } from '../../test/statement-ledger';
import { uploadStatement } from '../../test/uploads';

describe(`MT940 statements on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
  });
  afterAll(() => t?.close());

  let people = 0;
  /** A person of their own whose book, and so its account, keeps `currency`; each case starts empty. */
  const accountIn = (currency: string) => accountInCurrency(t.app, `mt940-${(people += 1)}@example.com`, currency);

  /** The October 2026 ledger rows, in date order. */
  const october = (token: string, accountId: number) => ledgerMonth(t.app, token, accountId, 10, 2026);
  const upload = (token: string, accountId: number, name: string) =>
    uploadStatement(t.app, token, accountId, statementFixture(name), 'statement.sta', 'application/octet-stream');

  it("imports a German bank's statement once: ?32 names, SVWZ+ purposes as notes, the zero-amount line skipped", async () => {
    const { token, accountId } = await accountIn('EUR');
    const first = await upload(token, accountId, 'mt940-german-structured-subfields.sta');
    expect(first.job).toMatchObject({
      status: 'completed',
      rows_read: 3,
      rows_imported: 3,
      rows_skipped: 1,
      skipped: [{ line: 15, reason: 'Zero amount: no money moved.' }],
    });
    const rows = await october(token, accountId);
    expect(signedRows(rows)).toEqual([
      ['2026-10-05', 'Hausverwaltung Schmidt GmbH', -850],
      ['2026-10-08', 'B\u00e4ckerei Kraus', -23.4],
      ['2026-10-15', 'ACME GmbH', 2500],
    ]);
    expect(rows.map((row) => row.notes)).toEqual(['Miete Oktober 2026 Wohnung 3', 'Brot und Kuchen', 'Gehalt Oktober 2026']);
    const again = await upload(token, accountId, 'mt940-german-structured-subfields.sta');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 3 });
    expect(await october(token, accountId)).toHaveLength(3);
  });

  it('imports an ING statement in a SWIFT envelope, naming each row from /CNTP/ or /NAME/', async () => {
    const { token, accountId } = await accountIn('EUR');
    const { job } = await upload(token, accountId, 'mt940-ing-name-remi-codes.sta');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 3 });
    expect(signedRows(await october(token, accountId))).toEqual([
      ['2026-10-03', 'Albert Heijn', -42.1],
      ['2026-10-09', 'J. Jansen', 250],
      ['2026-10-12', 'Gemeente Utrecht', -15],
    ]);
  });

  it('imports reversals with their sign, both identical NONREF rows of a day, and nothing more a second time', async () => {
    const { token, accountId } = await accountIn('EUR');
    const first = await upload(token, accountId, 'mt940-reversals-and-nonref.sta');
    expect(first.job).toMatchObject({ status: 'completed', rows_imported: 7, rows_skipped: 0 });
    expect(signedRows(await october(token, accountId))).toEqual([
      ['2026-10-21', 'Fitnessstudio Beitrag Oktober', -45],
      ['2026-10-23', 'Ruecklastschrift Fitnessstudio Beitrag Oktober', 45],
      ['2026-10-24', 'Gutschrift irrtuemlich', 12],
      ['2026-10-25', 'Storno Gutschrift irrtuemlich', -12],
      ['2026-10-27', 'Kiosk Hauptbahnhof', -3.2],
      ['2026-10-27', 'Kiosk Hauptbahnhof', -3.2],
      ['2026-10-28', 'Parkhaus-City', -7.8],
    ]);
    const again = await upload(token, accountId, 'mt940-reversals-and-nonref.sta');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 7 });
  });

  it('refuses a EUR statement into an account in USD, and a file of EUR and USD statements, writing nothing', async () => {
    const { token, accountId } = await accountIn('USD');
    const euro = await upload(token, accountId, 'mt940-two-statements.sta');
    expect(euro.job).toMatchObject({
      status: 'failed',
      rows_imported: 0,
      error: 'This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.',
    });
    const mixed = statementFixture('mt940-two-statements.sta').toString('latin1').replace(':60F:C261014EUR280,01', ':60F:C261014USD280,01');
    const both = await uploadStatement(t.app, token, accountId, mixed, 'statement.sta', 'application/octet-stream');
    expect(both.job).toMatchObject({ status: 'failed', rows_imported: 0 });
    expect(String(both.job?.error)).toMatch(/^This file mixes currencies: EUR and USD \(line 5 is in EUR, line 13 in USD\)/);
    expect(await october(token, accountId)).toEqual([]);
  });

  it('fails a statement with an unreadable :61: line, naming it, and adds nothing', async () => {
    const { token, accountId } = await accountIn('EUR');
    const broken = statementFixture('mt940-two-statements.sta').toString('latin1').replace(':61:2610151015D4,50', ':61:20261015D4.50');
    const { job } = await uploadStatement(t.app, token, accountId, broken, 'MT940_2026-10.txt', 'text/plain');
    expect(job).toMatchObject({ status: 'failed', rows_imported: 0 });
    expect(String(job?.error)).toMatch(/^Line 13: this :61: transaction line is not readable/);
    expect(await october(token, accountId)).toEqual([]);
  });
});
