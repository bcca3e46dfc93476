import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from './fixtures/read-fixture';
import { questionOf } from './fixtures/question-of';
import { parseQifAmount } from './qif';
import { detectStatementFormat, parseStatementFile } from './statement';
import { decodeStatementBytes } from './statement-encoding';

const fixtureText = (name: string) => decodeStatementBytes(fixtureBytes(name)).text;
const summary = (name: string) => parseStatementFile(fixtureText(name)).rows.map((row) => [row.date, row.type, row.amountCents, row.payee]);

describe('QIF statements', () => {
  it('reads month-first dates, a check number, and passes over the opening balance', () => {
    const statement = parseStatementFile(fixtureText('qif-month-first-dates.qif'));
    expect(statement.format).toBe('qif');
    expect(summary('qif-month-first-dates.qif')).toEqual([
      ['2026-10-02', 'expense', 4567, 'FRED MEYER #0123'],
      ['2026-10-14', 'income', 250000, 'ACME CORP PAYROLL'],
      ['2026-10-20', 'expense', 15000, 'CHECK 2002'],
    ]);
    expect(statement.rows[0]?.memo).toBe('Groceries');
    expect(statement.skipped).toEqual([{ line: 16, reason: 'A balance line ("Opening Balance"), not a transaction.' }]);
  });

  it("reads day-first dates when the file shows them (25/10), decimal commas, and a 2-digit year after '", () => {
    expect(summary('qif-day-first-dates-apostrophe-year.qif')).toEqual([
      ['2026-10-02', 'expense', 1250, 'Boulangerie Paul'],
      ['2026-10-25', 'expense', 123456, 'Loyer Octobre'],
      ['2026-11-03', 'income', 80000, 'Virement salaire'],
    ]);
  });

  it('refuses a file that mixes day-first and month-first dates, naming the line', () => {
    const mixed = '!Type:Bank\nD25/10/2026\nT-1.00\nPA\n^\nD10/25/2026\nT-2.00\nPB\n^\n';
    expect(() => parseStatementFile(mixed)).toThrow(/^Line 2: the file mixes day-first and month-first dates/);
  });

  it('reads any amount written with a decimal point or a decimal comma (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_99, max: 99_999_999_99 }), fc.boolean(), (cents, comma) => {
        const whole = Math.trunc(Math.abs(cents) / 100);
        const frac = String(Math.abs(cents) % 100).padStart(2, '0');
        const grouped = whole.toLocaleString('en-US').replace(/,/g, comma ? '.' : ',');
        const text = `${cents < 0 ? '-' : ''}${grouped}${comma ? ',' : '.'}${frac}`;
        expect(parseQifAmount(text, 1)).toBe(cents === 0 ? 0 : cents);
      }),
    );
  });
});

describe('CAMT.053 statements', () => {
  it('reads booked entries with their sign, booking date, counterparty and bank reference, and reports a pending one', () => {
    const text = fixtureText('camt053-booked-and-pending.xml');
    expect(detectStatementFormat(text)).toBe('camt');
    const statement = parseStatementFile(text);
    expect(statement.rows).toEqual([
      { fitId: '2026100512345', date: '2026-10-05', amountCents: 123456, type: 'expense', payee: 'Hausverwaltung Schmidt & Söhne', memo: 'Miete Oktober Wohnung 3', line: 8, currency: 'EUR' },
      { fitId: 'E-2', date: '2026-10-15', amountCents: 250000, type: 'income', payee: 'ACME GmbH', memo: 'Gehalt 10/2026', line: 21, currency: 'EUR' },
    ]);
    expect(statement.skipped).toEqual([{ line: 32, reason: 'Not booked yet (status PDNG).' }]);
  });

  it('refuses other XML plainly, rather than asking to map its "columns"', () => {
    expect(() => parseStatementFile('<?xml version="1.0"?>\n<rss><channel/></rss>')).toThrow(
      /^This XML file is neither a CAMT\.053 statement nor an OFX file\.$/,
    );
  });

  it('refuses an entry without CdtDbtInd, naming its line', () => {
    const text = fixtureText('camt053-booked-and-pending.xml').replace('<CdtDbtInd>CRDT</CdtDbtInd>', '');
    expect(() => parseStatementFile(text)).toThrow(/^Line 21: this entry has no CdtDbtInd/);
  });
});

describe('CAMT.052 reports and CAMT.054 notifications (issue 34)', () => {
  it('reads the booked entries of a CAMT.052 intraday report and reports the pending one', () => {
    const text = fixtureText('camt052-intraday-booked-and-pending.xml');
    expect(detectStatementFormat(text)).toBe('camt');
    const statement = parseStatementFile(text);
    expect(statement.rows).toEqual([
      { fitId: 'RPT-20261022-1', date: '2026-10-22', amountCents: 6115, type: 'expense', payee: 'Stadtwerke Berlin', memo: 'Abschlag Strom Oktober', line: 8, currency: 'EUR' },
    ]);
    expect(statement.skipped).toEqual([{ line: 19, reason: 'Not booked yet (status PDNG).' }]);
    expect(statement.currency).toBe('EUR');
  });

  it('reads the booked entry of a CAMT.054 notification', () => {
    const text = fixtureText('camt054-booked-notification.xml');
    expect(detectStatementFormat(text)).toBe('camt');
    expect(parseStatementFile(text).rows).toEqual([
      { fitId: 'NTF-20261023-1', date: '2026-10-23', amountCents: 32000, type: 'income', payee: 'Jana Beispiel', memo: 'Erstattung Konzertkarten', line: 8, currency: 'EUR' },
    ]);
  });

  it.each([
    ['camt052-intraday-pending-only.xml', 'This is a CAMT.052 intraday account report with no booked entries; upload the CAMT.053 end-of-day statement instead.'],
    ['camt054-pending-only-notification.xml', 'This is a CAMT.054 debit/credit notification with no booked entries; upload the CAMT.053 end-of-day statement instead.'],
  ])('refuses %s, saying what it is and what to upload instead', (name, message) => {
    expect(() => parseStatementFile(fixtureText(name))).toThrow(new RegExp(`^${message.replace(/[.()/]/g, '\\$&')}$`));
  });

  it('tells a report or notification by its root element when the namespace is not there', () => {
    const text = fixtureText('camt054-booked-notification.xml').replace(' xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"', '');
    expect(detectStatementFormat(text)).toBe('camt');
    expect(parseStatementFile(text).rows).toHaveLength(1);
  });
});

describe('QIF dates that read two ways (DECISIONS.md #95)', () => {
  const qif = ['!Type:Bank', 'D06/12/2021', 'T-12.00', 'PLunch', '^', 'D07/12/2021', 'T50.00', 'PBirthday', '^'].join('\n');

  it('asks which comes first, the month or the day, previewing both readings', () => {
    const question = questionOf(() => parseStatementFile(qif));
    expect(question.kind).toBe('date_order');
    expect(question.options.map((option) => [option.value, option.preview.map((row) => row.date)])).toEqual([
      ['month-first', ['2021-06-12', '2021-07-12']],
      ['day-first', ['2021-12-06', '2021-12-07']],
    ]);
  });

  it('reads them as answered, and asks nothing of a file whose dates say their order', () => {
    expect(parseStatementFile(qif, { answers: { date_order: 'day-first' } }).rows.map((row) => row.date)).toEqual(['2021-12-06', '2021-12-07']);
    expect(parseStatementFile(`${qif}\nD06/13/2021\nT-1.00\nPCafe\n^`).rows.map((row) => row.date)).toEqual(['2021-06-12', '2021-07-12', '2021-06-13']);
  });
});
