import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCode } from '../currency/currency-code';
import { dedupeKeys } from './dedupe';
import { fixtureBytes } from './fixtures/read-fixture';
import { looksLikeMt940, parseMt940 } from './mt940';
import { detectStatementFormat, parseStatementFile } from './statement';
import { currencyRefusal } from './statement-currency';
import { decodeStatementBytes } from './statement-encoding';

const fixtureText = (name: string) => decodeStatementBytes(fixtureBytes(name)).text;
const summary = (text: string) => parseMt940(text).rows.map((row) => [row.date, row.type, row.amountCents, row.payee, row.fitId]);

/** One statement in EUR around the `:61:` and `:86:` lines given, numbered from line 4. */
const statement = (...lines: string[]) => [':20:TEST', ':25:DE44500105175407324931', ':60F:C261001EUR100,00', ...lines, ':62F:C261031EUR100,00', '-'].join('\n');

describe('MT940 statements (issue 34)', () => {
  it("reads a German bank's ?-subfields: ?32/?33 name, the SVWZ+ purpose, CRLF lines and ISO-8859-1 text", () => {
    const text = fixtureText('mt940-german-structured-subfields.sta');
    expect(detectStatementFormat(text)).toBe('mt940');
    const parsed = parseStatementFile(text);
    expect(parsed).toMatchObject({ format: 'mt940', investment: null, currency: 'EUR', notes: [] });
    expect(parsed.rows).toEqual([
      // ?21 is full (27 characters) and continues in ?22 without a space; ?32 is not and ?33 follows one.
      { fitId: null, date: '2026-10-05', amountCents: 85000, type: 'expense', payee: 'Hausverwaltung Schmidt GmbH', memo: 'Miete Oktober 2026 Wohnung 3', line: 5, currency: 'EUR' },
      { fitId: 'POS20261008-17', date: '2026-10-08', amountCents: 2340, type: 'expense', payee: 'B\u00e4ckerei Kraus', memo: 'Brot und Kuchen', line: 10, currency: 'EUR' },
      { fitId: '2610150001234', date: '2026-10-15', amountCents: 250000, type: 'income', payee: 'ACME GmbH', memo: 'Gehalt Oktober 2026', line: 12, currency: 'EUR' },
    ]);
    expect(parsed.skipped).toEqual([{ line: 15, reason: 'Zero amount: no money moved.' }]);
  });

  it('reads the /NAME/ and /REMI/ codes of ING and Rabobank inside a SWIFT envelope, with lines cut at 65 characters', () => {
    const text = fixtureText('mt940-ing-name-remi-codes.sta');
    expect(detectStatementFormat(text)).toBe('mt940');
    const { rows, currency } = parseMt940(text);
    expect(currency).toBe('EUR');
    expect(rows.map((row) => [row.date, row.type, row.amountCents, row.payee, row.memo, row.fitId, row.line])).toEqual([
      // ING names the other party inside /CNTP/account/bic/name/city/; its :86: goes on over two lines.
      ['2026-10-03', 'expense', 4210, 'Albert Heijn 1234', 'Boodschappen week 40', '2610030000001', 6],
      // A slash inside the remittance text stays.
      ['2026-10-09', 'income', 25000, 'J. Jansen', 'Terugbetaling etentje 2026/10', '2610090000002', 10],
      // No entry date: the value date is the row's.
      ['2026-10-12', 'expense', 1500, 'Gemeente Utrecht', 'Parkeren', '2610120000003', 12],
    ]);
  });

  it('reads every statement of a file, and free :86: text over several lines as the payee', () => {
    expect(summary(fixtureText('mt940-two-statements.sta'))).toEqual([
      ['2026-10-14', 'expense', 1999, 'Streamingdienst Abo Oktober', 'B6K14STRM00001'],
      ['2026-10-15', 'expense', 450, 'Cafe am Markt Kartenzahlung 15.10.2026', 'B6K15CAFE00002'],
      ['2026-10-15', 'income', 6000, 'Anna Beispiel Anteil Geschenk', 'B6K15TRAN00003'],
    ]);
  });

  it('reads a reversed debit as money in and a reversed credit as money out; NONREF rows are keyed like CSV rows', () => {
    const { rows } = parseMt940(fixtureText('mt940-reversals-and-nonref.sta'));
    expect(rows.map((row) => [row.date, row.type, row.amountCents, row.payee, row.fitId])).toEqual([
      ['2026-10-21', 'expense', 4500, 'Fitnessstudio Beitrag Oktober', 'DD20261021'],
      ['2026-10-23', 'income', 4500, 'Ruecklastschrift Fitnessstudio Beitrag Oktober', 'DD20261023R'],
      // `RCR12,`: reversal of a credit, funds code R, an amount without cents.
      ['2026-10-24', 'income', 1200, 'Gutschrift irrtuemlich', 'CR20261024'],
      ['2026-10-25', 'expense', 1200, 'Storno Gutschrift irrtuemlich', 'CR20261025R'],
      ['2026-10-27', 'expense', 320, 'Kiosk Hauptbahnhof', null],
      ['2026-10-27', 'expense', 320, 'Kiosk Hauptbahnhof', null],
      // Neither :86: nor a bank reference: the customer reference is all the row has for a name.
      ['2026-10-28', 'expense', 780, 'PARKHAUS-CITY', null],
    ]);
    // Two identical coffees of one day are both real: the second is its own transaction.
    expect(dedupeKeys(rows).slice(4, 6)).toEqual(['2026-10-27|320|expense|kiosk hauptbahnhof|1', '2026-10-27|320|expense|kiosk hauptbahnhof|2']);
  });

  it('gives each row its own statement currency, so a file of EUR and USD statements is refused', () => {
    const text = fixtureText('mt940-two-statements.sta').replace(':60F:C261014EUR280,01', ':60F:C261014USD280,01');
    const parsed = parseStatementFile(text);
    expect(parsed.currency).toBe('EUR');
    expect(parsed.rows.map((row) => row.currency)).toEqual(['EUR', 'USD', 'USD']);
    expect(currencyRefusal(parsed, { name: 'Girokonto', currency: currencyCode('EUR') })).toMatch(/^This file mixes currencies: EUR and USD \(line 5 is in EUR, line 13 in USD\)/);
  });

  it('states the currency of a statement without transactions, for the account check', () => {
    const parsed = parseStatementFile(statement());
    expect(parsed).toMatchObject({ format: 'mt940', rows: [], currency: 'EUR' });
    expect(currencyRefusal(parsed, { name: 'Checking', currency: currencyCode('USD') })).toBe('This file is in EUR but Checking keeps USD. Import it into an account in EUR.');
  });

  it('reads two-digit years as 20YY, and a booking date across the year end in the year nearest the value date', () => {
    expect(summary(statement(':61:2612310102D1,00NMSCNONREF', ':61:2701021231C2,00NMSCNONREF', ':61:991231D3,00NMSCX')).map((row) => row[0])).toEqual([
      '2027-01-02',
      '2026-12-31',
      '2099-12-31',
    ]);
  });

  it('passes over a :86: of the statement itself, after the closing balance', () => {
    const text = statement(':61:2610051005D1,00NMSCNONREF', ':86:Kiosk').replace(/\n-$/, '\n:86:Statement for October\n-');
    expect(summary(text)).toEqual([['2026-10-05', 'expense', 100, 'Kiosk', null]]);
  });

  it('refuses an unreadable :61: line, an amount beyond the cent and a date that does not exist, naming the line', () => {
    expect(() => parseMt940(statement(':61:20261005D12,50NTRFNONREF'))).toThrow(/^Line 4: this :61: transaction line is not readable \("20261005D12,50NTRFNONREF"\)/);
    expect(() => parseMt940(statement(':61:2610051005D12.50NTRFNONREF'))).toThrow(/^Line 4: this :61: transaction line is not readable/);
    expect(() => parseMt940(statement(':86:x', ':61:2610051005D12,345NTRFNONREF'))).toThrow(/^Line 5: "12,345" has more than two decimal places/);
    expect(() => parseMt940(statement(':61:2613051005D12,50NTRFNONREF'))).toThrow(/^Line 4: "261305" is not a value date/);
    expect(() => parseMt940(statement(':61:2610051032D12,50NTRFNONREF'))).toThrow(/^Line 4: "1032" is not an entry date/);
    expect(() => parseMt940(statement().replace('EUR100,00', 'XYZ100,00'))).toThrow(/^Line 3: "XYZ" is not an ISO 4217 currency code/);
    expect(() => parseMt940(statement().replace(':60F:C261001EUR100,00', ':60F:EUR100'))).toThrow(/^Line 3: this opening balance is not readable/);
  });

  it('reads zeros beyond the cent, which change nothing, and amounts up to the largest allowed', () => {
    expect(summary(statement(':61:2610051005C12,500NTRFNONREF', ':61:2610051005C99999999,99NTRFNONREF')).map((row) => row[2])).toEqual([1250, 9999999999]);
    expect(() => parseMt940(statement(':61:2610051005C100000000,00NTRFNONREF'))).toThrow(/^Line 4: "100000000,00" is larger than the largest amount allowed/);
  });

  it('reads any amount with a decimal comma to the same cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_99 }), (cents) => {
        const amount = `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
        expect(parseMt940(statement(`:61:2610051005D${amount}NTRFNONREF`)).rows[0]?.amountCents).toBe(cents);
      }),
    );
  });

  it("recognises ABN AMRO's bare header lines and an envelope whose blocks stand on their own lines", () => {
    expect(looksLikeMt940(`ABNANL2A\r\n940\r\nABNANL2A\r\n${statement(':61:2610051005D1,00NMSCNONREF')}`)).toBe(true);
    const enveloped = `{1:F01BANKDEFFXXXX0000000000}\n{2:I940BANKDEFFXXXXN}{3:{108:MT940}}\n{4:\n${statement(':61:2610051005D1,00NMSCNONREF//B1')}}{5:{CHK:123}}`;
    expect(detectStatementFormat(enveloped)).toBe('mt940');
    // No :86: and NONREF: nothing names the row (it becomes the unknown payee).
    expect(summary(enveloped)).toEqual([['2026-10-05', 'expense', 100, '', 'B1']]);
  });

  it.each([
    'csv-accented-capital-payees.csv',
    'csv-bunq-name-and-description.csv',
    'csv-livebank-ragged-semicolon.csv',
    'csv-monzo-created.csv',
    'csv-payee-cases.csv',
    'csv-paypal-gross-net.csv',
    'csv-raiffeisen-no-header.csv',
    'csv-semicolon-decimal-comma-needs-mapping.csv',
    'csv-starting-balance-line.csv',
    'utf-16le-bom-cafe-metro.csv',
    'utf-8-bom-cafe-metro.csv',
    'windows-1252-cafe-metro.csv',
    'ofx-banque-populaire-card-stub-names.ofx',
    'ofx-cdata-names.ofx',
    'ofx-charset-1252-interac.ofx',
    'ofx-eur-curdef.ofx',
    'ofx-header-in-comment-ofxstatement.ofx',
    'ofx-investment-statement.qfx',
    'ofx-investment-trades-only.qfx',
    'ofx-mixed-transaction-currencies.ofx',
    'ofx-no-transactions.ofx',
    'ofx-sub-cent-amounts.ofx',
    'ofx-two-accounts-one-empty.ofx',
    'ofx-values-on-next-line-and-entities.ofx',
    'qif-day-first-dates-apostrophe-year.qif',
    'qif-month-first-dates.qif',
    'camt052-intraday-booked-and-pending.xml',
    'camt052-intraday-pending-only.xml',
    'camt053-booked-and-pending.xml',
    'camt053-chf-statement.xml',
    'camt054-booked-notification.xml',
    'camt054-pending-only-notification.xml',
  ])('does not take %s for MT940', (name) => {
    const text = fixtureText(name);
    const expected = { csv: 'csv', ofx: 'ofx', qfx: 'ofx', qif: 'qif', xml: 'camt' }[name.split('.').pop() ?? ''];
    expect(looksLikeMt940(text.slice(0, 4096))).toBe(false);
    expect(detectStatementFormat(text)).toBe(expected);
  });
});

describe('MT942 interim reports', () => {
  it('refuses one, saying what to upload instead', () => {
    const mt942 = [':20:INTRADAY', ':25:NL91ABNA0417164300', ':28C:1/1', ':34F:EURD0,', ':13D:2610151200+0100', ':61:2610151015D12,50NTRFNONREF', ':86:/NAME/CAFE/', '-'].join('\n');
    expect(() => parseStatementFile(mt942)).toThrow('This is an MT942 interim transaction report; upload the MT940 end-of-day statement instead.');
  });
});
