/**
 * Issue 17: a CSV whose columns Mindspend does not recognise (a German bank's semicolon export)
 * fails asking for a mapping; the upload with the person's `mapping` imports it, and the account
 * remembers it for the next export of the same layout.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

const GERMAN = readFileSync(new URL('../../../../../packages/domain/src/imports/fixtures/csv-semicolon-decimal-comma-needs-mapping.csv', import.meta.url));
const MAPPING = { date: 'Buchungstag', date_format: 'DD.MM.YYYY', amount: 'Betrag', payee: 'Verwendungszweck', decimal: ',', delimiter: ';' };

describe(`column mapping for unknown CSV layouts on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let accountId: number;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'mapping@example.com'));
    accountId = await createAccount(t.app, token);
  });
  afterAll(() => t?.close());

  const count = async (table: 'transactions' | 'import_jobs' | 'import_mappings') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const october = async () =>
    (await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${accountId}/transactions/month/10/year/2026` })).json<
      Array<{ entity: { name: string }; amount: number; type: string; date: string }>
    >();

  it('fails a file it cannot read with needs_mapping and the header cells, writing no row', async () => {
    const { job } = await uploadStatement(t.app, token, accountId, GERMAN, 'umsaetze.csv');
    expect(job).toMatchObject({
      status: 'failed',
      needs_mapping: true,
      columns: ['Buchungstag', 'Valuta', 'Verwendungszweck', 'Betrag', 'Währung'],
      rows_imported: 0,
    });
    expect(String(job?.error)).toContain('Choose which column holds the date, the amount and the payee');
    expect(await count('transactions')).toBe(0);
  });

  it.each([
    ['not JSON', '{date:', 'The column mapping is not valid JSON.'],
    ['no payee', JSON.stringify({ ...MAPPING, payee: '' }), 'Choose the payee column.'],
    ['amount and debit both', JSON.stringify({ ...MAPPING, debit: 'Soll', credit: 'Haben' }), 'Choose either an amount column, or debit and credit columns.'],
    ['a debit without a credit', JSON.stringify({ ...MAPPING, amount: undefined, debit: 'Betrag' }), 'Choose both the debit and the credit column.'],
    ['an unknown date format', JSON.stringify({ ...MAPPING, date_format: 'D/M' }), 'The date format must be one of YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY.'],
    ['an unknown field', JSON.stringify({ ...MAPPING, sql: 'drop table' }), ''],
    // Issue 28: column names were stored with NUL or a lone surrogate that every other text refuses.
    ['a NUL in a column name', JSON.stringify({ ...MAPPING, payee: 'Verwendungs\u0000zweck' }), "The payee column's name must not contain NUL characters or unpaired surrogates."],
    ['a lone surrogate in a column name', JSON.stringify({ ...MAPPING, date: 'Buchungstag\uD800' }), "The date column's name must not contain NUL characters or unpaired surrogates."],
    ['a lone surrogate in an optional column', JSON.stringify({ ...MAPPING, notes: '\uDC00' }), "The notes column's name must not contain NUL characters or unpaired surrogates."],
  ])('refuses a mapping with %s (422, nothing written)', async (_case, mapping, message) => {
    const jobs = await count('import_jobs');
    const { response } = await uploadStatement(t.app, token, accountId, GERMAN, 'umsaetze.csv', 'text/csv', { mapping });
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: { mapping: string[] } }>().errors.mapping;
    if (message) expect(errors).toContain(message);
    else expect(errors.length).toBeGreaterThan(0);
    expect(await count('import_jobs')).toBe(jobs);
    expect(await count('transactions')).toBe(0);
  });

  it("answers 404 for another user's account, with a valid mapping, and writes nothing", async () => {
    const other = await registerUser(t.app, 'mapping-other@example.com');
    const jobs = await count('import_jobs');
    const { response } = await uploadStatement(t.app, other.token, accountId, GERMAN, 'umsaetze.csv', 'text/csv', { mapping: JSON.stringify(MAPPING) });
    expect(response.statusCode).toBe(404);
    expect(await count('import_jobs')).toBe(jobs);
  });

  it('imports with the mapping: semicolons, decimal commas, day-first dates', async () => {
    const { job } = await uploadStatement(t.app, token, accountId, GERMAN, 'umsaetze.csv', 'text/csv', { mapping: JSON.stringify(MAPPING) });
    expect(job).toMatchObject({ status: 'completed', rows_read: 3, rows_imported: 3, needs_mapping: false });
    const rows = await october();
    expect(rows.map((row) => [row.date, row.type, row.amount]).sort()).toEqual([
      ['2026-10-02', 'expense', 54.3],
      ['2026-10-05', 'expense', 1234.56],
      ['2026-10-15', 'income', 2500],
    ]);
    expect(await count('import_mappings')).toBe(1);
  });

  it('remembers the mapping for the account: the next upload of the layout needs none and adds no row twice', async () => {
    const { job } = await uploadStatement(t.app, token, accountId, GERMAN, 'umsaetze-2.csv');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 3, needs_mapping: false });
    const otherAccount = await createAccount(t.app, token, { name: 'Sparkonto' });
    const elsewhere = await uploadStatement(t.app, token, otherAccount, GERMAN, 'umsaetze.csv');
    expect(elsewhere.job).toMatchObject({ status: 'failed', needs_mapping: true });
  });

  it('fails naming the column when a mapping names one the file does not have', async () => {
    const { job } = await uploadStatement(t.app, token, accountId, GERMAN, 'umsaetze.csv', 'text/csv', {
      mapping: JSON.stringify({ ...MAPPING, payee: 'Empfänger' }),
    });
    expect(job).toMatchObject({ status: 'failed', needs_mapping: false });
    expect(String(job?.error)).toContain('the file has no column "Empfänger"');
  });

  it('asks for the columns of a file without a header row by position, then imports every line of it', async () => {
    const raiffeisen = readFileSync(new URL('../../../../../packages/domain/src/imports/fixtures/csv-raiffeisen-no-header.csv', import.meta.url));
    const giro = await createAccount(t.app, token, { name: 'Giro' });
    const asked = await uploadStatement(t.app, token, giro, raiffeisen, 'export.csv');
    expect(asked.job).toMatchObject({
      status: 'failed',
      needs_mapping: true,
      has_header: false,
      columns: ['1', '2', '3', '4', '5'],
      column_samples: ['15.03.2024', 'Überweisung MIETE MÄRZ HAUSVERWALTUNG GMBH', '14.03.2024', '-850,00', 'EUR'],
    });
    expect(String(asked.job?.error)).toContain('This file has no header row.');
    const positions = { date: '1', date_format: 'DD.MM.YYYY', amount: '4', payee: '2', decimal: ',', delimiter: ';', has_header: false };
    const mapped = await uploadStatement(t.app, token, giro, raiffeisen, 'export.csv', 'text/csv', { mapping: JSON.stringify(positions) });
    expect(mapped.job, String(mapped.job?.error)).toMatchObject({ status: 'completed', rows_read: 3, rows_imported: 3 });
    const march = await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${giro}/transactions/month/3/year/2024` });
    expect(march.json<Array<{ amount: number; type: string; date: string }>>().map((row) => [row.date, row.type, row.amount]).sort()).toEqual([
      ['2024-03-15', 'expense', 850],
      ['2024-03-18', 'expense', 42.17],
      ['2024-03-25', 'income', 2450],
    ]);
    // The account remembers the positions for the next export of that width.
    const again = await uploadStatement(t.app, token, giro, raiffeisen, 'export-2.csv');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 3 });
  });
});
