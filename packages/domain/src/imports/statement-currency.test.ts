/** Issue 27, DECISIONS.md #91: the currency a statement states, per format, and the refusal of one that is not the account's. */
import { describe, expect, it } from 'vitest';
import { currencyCode } from '../currency/currency-code';
import type { CsvMapping } from './csv-mapping';
import { fixtureBytes } from './fixtures/read-fixture';
import { parseStatementFile } from './statement';
import { currencyRefusal, statedCurrencies } from './statement-currency';
import { decodeStatementBytes } from './statement-encoding';

const fixtureText = (name: string) => decodeStatementBytes(fixtureBytes(name)).text;
const USD = currencyCode('USD');
const EUR = currencyCode('EUR');
const CHECKING = { name: 'Everyday Checking', currency: USD };

/** An OFX 1.x file around the given statement aggregates. */
const ofx = (...statements: string[]) =>
  ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '', '<OFX><BANKMSGSRSV1>', ...statements, '</BANKMSGSRSV1></OFX>'].join('\n');
const statement = (curdef: string | null, ...transactions: string[]) =>
  [`<STMTTRNRS><STMTRS>${curdef === null ? '' : `<CURDEF>${curdef}`}<BANKTRANLIST>`, ...transactions, '</BANKTRANLIST></STMTRS></STMTTRNRS>'].join('\n');
const transaction = (fitId: string, extra = '') =>
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261012<TRNAMT>-10.00<FITID>${fitId}<NAME>SHOP ${fitId}${extra}</STMTTRN>`;

describe('OFX currencies', () => {
  it("gives every transaction its statement's CURDEF", () => {
    const parsed = parseStatementFile(fixtureText('ofx-eur-curdef.ofx'));
    expect(parsed.currency).toBe('EUR');
    expect(parsed.rows.map((row) => [row.amountCents, row.currency])).toEqual([
      [4280, 'EUR'],
      [215000, 'EUR'],
    ]);
  });

  it("reads a transaction's own CURRENCY, and keeps CURDEF for ORIGCURRENCY (its amounts were converted already)", () => {
    const parsed = parseStatementFile(fixtureText('ofx-mixed-transaction-currencies.ofx'));
    expect(parsed.currency).toBe('USD');
    expect(parsed.rows.map((row) => [row.payee, row.currency])).toEqual([
      ['CORNER DELI NEW YORK', 'USD'],
      ['HOTEL DU NORD PARIS', 'USD'],
      ['CAFE DE FLORE PARIS', 'EUR'],
    ]);
  });

  it('takes the CURDEF of the statement each transaction is in, and a bare <CURRENCY>EUR as written', () => {
    const text = ofx(
      statement('USD', transaction('A')),
      statement('eur', transaction('B'), transaction('C', '<CURRENCY>GBP</CURRENCY>')),
    );
    expect(parseStatementFile(text).rows.map((row) => row.currency)).toEqual(['USD', 'EUR', 'GBP']);
  });

  it('states no currency when the file has no CURDEF', () => {
    const parsed = parseStatementFile(ofx(statement(null, transaction('A'))));
    expect(parsed.currency).toBeNull();
    expect(parsed.rows[0]?.currency).toBeUndefined();
  });

  it('refuses a currency code it does not know, naming the line', () => {
    expect(() => parseStatementFile(ofx(statement('EURO', transaction('A'))))).toThrow(/^Line 6: "EURO" is not an ISO 4217 currency code\.$/);
  });
});

describe('CAMT.053 currencies', () => {
  it("reads each entry's Amt Ccy and the account's Ccy", () => {
    const parsed = parseStatementFile(fixtureText('camt053-chf-statement.xml'));
    expect(parsed.currency).toBe('CHF');
    expect(parsed.rows.map((row) => [row.payee, row.amountCents, row.currency])).toEqual([
      ['Migros Zürich', 8635, 'CHF'],
      ['Helvetia AG', 610000, 'CHF'],
    ]);
  });

  it("gives an entry without Ccy the statement's, from its balance when the account names none", () => {
    const text = fixtureText('camt053-chf-statement.xml')
      .replace('<Ccy>CHF</Ccy>', '')
      .replace('<Amt Ccy="CHF">86.35</Amt>', '<Amt>86.35</Amt>')
      .replace('<Amt Ccy="CHF">6100.00</Amt>', '<Amt Ccy="EUR">6100.00</Amt>');
    const parsed = parseStatementFile(text);
    expect(parsed.currency).toBe('CHF');
    expect(parsed.rows.map((row) => row.currency)).toEqual(['CHF', 'EUR']);
  });

  it('states no currency for an entry when the file names none anywhere', () => {
    const text = fixtureText('camt053-chf-statement.xml').replace(/ Ccy="CHF"/g, '').replace('<Ccy>CHF</Ccy>', '');
    const parsed = parseStatementFile(text);
    expect(parsed.currency).toBeNull();
    expect(parsed.rows.map((row) => row.currency)).toEqual([undefined, undefined]);
  });
});

describe('CSV currency columns', () => {
  const GERMAN: CsvMapping = {
    date: 'Buchungstag',
    date_format: 'DD.MM.YYYY',
    amount: 'Betrag',
    payee: 'Verwendungszweck',
    currency: 'Währung',
    decimal: ',',
    delimiter: ';',
  };

  it('reads a Currency column it recognises (Monzo, PayPal) for each row', () => {
    expect(parseStatementFile(fixtureText('csv-monzo-created.csv')).rows.map((row) => row.currency)).toEqual(['GBP', 'GBP']);
    expect(parseStatementFile(fixtureText('csv-paypal-gross-net.csv')).rows.map((row) => row.currency)).toEqual(['USD', 'USD']);
  });

  it('reads the column the person mapped as the currency', () => {
    const parsed = parseStatementFile(fixtureText('csv-semicolon-decimal-comma-needs-mapping.csv'), { mapping: GERMAN });
    expect(parsed.rows.map((row) => row.currency)).toEqual(['EUR', 'EUR', 'EUR']);
    expect(currencyRefusal(parsed, CHECKING)).toBe('This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.');
    const { currency: _unmapped, ...withoutCurrency } = GERMAN;
    expect(parseStatementFile(fixtureText('csv-semicolon-decimal-comma-needs-mapping.csv'), { mapping: withoutCurrency }).rows[0]?.currency).toBeUndefined();
  });

  it("takes an empty cell as the account's, refuses rows in two currencies, and names a cell that is no code", () => {
    const csv = (...codes: string[]) => ['Date,Description,Amount,Currency', ...codes.map((code, i) => `10/1${i + 4}/2026,SHOP ${i},-1.00,${code}`)].join('\n');
    expect(currencyRefusal(parseStatementFile(csv('USD', '')), CHECKING)).toBeNull();
    expect(currencyRefusal(parseStatementFile(csv('usd', 'EUR')), CHECKING)).toMatch(/^This file mixes currencies: USD and EUR \(line 2 is in USD, line 3 in EUR\)/);
    expect(() => parseStatementFile(csv('USD', '$'))).toThrow(/^Line 3: "\$" is not an ISO 4217 currency code\.$/);
  });
});

describe('files that state no currency', () => {
  it('leaves CSV and QIF rows without one: they are imported as the account keeps', () => {
    const csv = parseStatementFile('Date,Description,Amount\n10/14/2026,COFFEE,-4.50\n');
    const qif = parseStatementFile(fixtureText('qif-month-first-dates.qif'));
    for (const parsed of [csv, qif]) {
      expect(parsed.currency).toBeNull();
      expect(parsed.rows.every((row) => row.currency === undefined)).toBe(true);
      expect(currencyRefusal(parsed, CHECKING)).toBeNull();
    }
  });
});

describe('currencyRefusal', () => {
  it("lets a file in the account's currency through", () => {
    expect(currencyRefusal(parseStatementFile(fixtureText('ofx-eur-curdef.ofx')), { name: 'Girokonto', currency: EUR })).toBeNull();
  });

  it('refuses a file in another currency, naming both and where to import it', () => {
    expect(currencyRefusal(parseStatementFile(fixtureText('ofx-eur-curdef.ofx')), CHECKING)).toBe(
      'This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.',
    );
    expect(currencyRefusal(parseStatementFile(fixtureText('camt053-chf-statement.xml')), CHECKING)).toBe(
      'This file is in CHF but Everyday Checking keeps USD. Import it into an account in CHF.',
    );
  });

  it('refuses a file whose transactions are in several currencies, even when one is the account’s', () => {
    const parsed = parseStatementFile(fixtureText('ofx-mixed-transaction-currencies.ofx'));
    expect(statedCurrencies(parsed)).toEqual([
      { currency: 'USD', line: 15 },
      { currency: 'EUR', line: 30 },
    ]);
    expect(currencyRefusal(parsed, CHECKING)).toBe(
      'This file mixes currencies: USD and EUR (line 15 is in USD, line 30 in EUR). Everyday Checking keeps USD, and nothing was imported: import a file whose transactions are all in USD.',
    );
  });

  it("counts the statement's own currency when it has no transaction", () => {
    const empty = { currency: EUR, rows: [] };
    expect(currencyRefusal(empty, CHECKING)).toBe('This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.');
    expect(currencyRefusal({ currency: null, rows: [] }, CHECKING)).toBeNull();
  });

  it('takes rows without a stated currency as the account’s', () => {
    const rows = [{ line: 2 }, { line: 3, currency: USD }];
    expect(currencyRefusal({ currency: null, rows }, CHECKING)).toBeNull();
  });
});
