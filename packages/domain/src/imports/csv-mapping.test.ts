import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmountCell } from './csv-values';
import { type CsvMapping, candidateHeaderSignatures, detectDelimiter, guessDecimal, headerSignature, normalizeDecimal, parseMappedDate } from './csv-mapping';
import { fixtureBytes } from './fixtures/read-fixture';
import { ImportError, NeedsMappingError } from './import-error';
import { parseStatementFile } from './statement';
import { decodeStatementBytes } from './statement-encoding';

const fixtureText = (name: string) => decodeStatementBytes(fixtureBytes(name)).text;
const GERMAN: CsvMapping = { date: 'Buchungstag', date_format: 'DD.MM.YYYY', amount: 'Betrag', payee: 'Verwendungszweck', decimal: ',', delimiter: ';' };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('CSV column mapping', () => {
  it('asks for a mapping, with the header cells, when the columns are not recognised', () => {
    const error = thrown(() => parseStatementFile(fixtureText('csv-semicolon-decimal-comma-needs-mapping.csv')));
    expect(error).toBeInstanceOf(NeedsMappingError);
    expect((error as NeedsMappingError).columns).toEqual(['Buchungstag', 'Valuta', 'Verwendungszweck', 'Betrag', 'Währung']);
  });

  it('reads a semicolon file with decimal commas and day-first dates through the mapping', () => {
    const statement = parseStatementFile(fixtureText('csv-semicolon-decimal-comma-needs-mapping.csv'), { mapping: GERMAN });
    expect(statement.rows.map((row) => [row.date, row.type, row.amountCents, row.payee, row.line])).toEqual([
      ['2026-10-02', 'expense', 5430, 'REWE Markt Berlin', 4],
      ['2026-10-05', 'expense', 123456, 'Miete Oktober Hausverwaltung', 5],
      ['2026-10-15', 'income', 250000, 'Gehalt ACME GmbH', 6],
    ]);
    expect(statement.mappedSignature).toBe('buchungstag|valuta|verwendungszweck|betrag|whrung');
  });

  it('reads debit and credit columns through a mapping', () => {
    const text = 'Datum;Text;Soll;Haben\n2026-10-01;Bäcker;3,20;\n2026-10-02;Erstattung;;10,00\n';
    const mapping: CsvMapping = { date: 'Datum', date_format: 'YYYY-MM-DD', debit: 'Soll', credit: 'Haben', payee: 'Text', decimal: ',', delimiter: ';' };
    expect(parseStatementFile(text, { mapping }).rows.map((row) => [row.type, row.amountCents])).toEqual([
      ['expense', 320],
      ['income', 1000],
    ]);
  });

  it('names a mapped column the file does not have, and a date not in the chosen format', () => {
    const text = fixtureText('csv-semicolon-decimal-comma-needs-mapping.csv');
    expect(() => parseStatementFile(text, { mapping: { ...GERMAN, payee: 'Empfänger' } })).toThrow('the file has no column "Empfänger"');
    const error = thrown(() => parseStatementFile(text, { mapping: { ...GERMAN, date_format: 'YYYY-MM-DD' } }));
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toBe('Line 4: "02.10.2026" is not a date in the format YYYY-MM-DD.');
  });

  it('recognises PayPal (Gross/Net) and Monzo (created) exports without a mapping', () => {
    expect(parseStatementFile(fixtureText('csv-paypal-gross-net.csv')).rows.map((row) => [row.date, row.type, row.amountCents, row.payee])).toEqual([
      ['2026-10-16', 'expense', 2350, 'Etsy Shop Fiona'],
      ['2026-10-22', 'income', 4000, 'Jamie Rivera'],
    ]);
    expect(parseStatementFile(fixtureText('csv-monzo-created.csv')).rows.map((row) => [row.date, row.type, row.amountCents, row.payee])).toEqual([
      ['2026-10-03', 'expense', 435, 'PRET A MANGER'],
      ['2026-10-04', 'income', 2500, 'SAM JONES'],
    ]);
  });

  it('tells the delimiter and the decimal mark from the file', () => {
    expect(detectDelimiter('a;b;c\n1;2,5;3\n')).toBe(';');
    expect(detectDelimiter('Date,Description,Amount\n10/01/2026,"A; B",-1.00\n')).toBe(',');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(guessDecimal(['-54,30', '1.234,56'])).toBe(',');
    expect(guessDecimal(['1,234.56', '-5.00'])).toBe('.');
    expect(guessDecimal(['1,234', '12'])).toBe('.');
  });

  it('reads day-first, month-first and year-first dates as chosen, and refuses impossible ones', () => {
    expect(parseMappedDate('31.12.2026', 'DD.MM.YYYY')).toBe('2026-12-31');
    expect(parseMappedDate('02/10/26', 'DD/MM/YYYY')).toBe('2026-10-02');
    expect(parseMappedDate('02/10/2026', 'MM/DD/YYYY')).toBe('2026-02-10');
    expect(parseMappedDate('2026-10-02 10:00', 'YYYY-MM-DD')).toBe('2026-10-02');
    expect(parseMappedDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseMappedDate('Pending', 'DD/MM/YYYY')).toBeNull();
  });

  it('remembers a layout by its header, whatever the preamble above it', () => {
    const text = fixtureText('csv-semicolon-decimal-comma-needs-mapping.csv');
    expect(candidateHeaderSignatures(text)).toContain(headerSignature(['Buchungstag', 'Valuta', 'Verwendungszweck', 'Betrag', 'Währung']));
  });

  it('reads any amount written with a decimal comma and dot thousands (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_99, max: 99_999_999_99 }), (cents) => {
        const abs = Math.abs(cents);
        const whole = Math.trunc(abs / 100).toLocaleString('en-US').replace(/,/g, '.');
        const text = `${cents < 0 ? '-' : ''}${whole},${String(abs % 100).padStart(2, '0')}`;
        expect(parseAmountCell(normalizeDecimal(text, ','), 1)?.cents).toBe(cents === 0 ? 0 : cents);
      }),
    );
  });
});

describe('payee cases from a CSV file', () => {
  it('keeps check numbers and merchant words, and decodes entities exactly once', async () => {
    const { normalizePayee } = await import('./payee');
    const rows = parseStatementFile(fixtureText('csv-payee-cases.csv')).rows;
    expect(rows.map((row) => row.payee)).toEqual(['CHECK 2002', 'Withdrawal from AMERICAN EXPRESS ACH PMT', 'TPAY <DEFTPYMT>', 'AT&amp;T is &lt;kept&gt; once']);
    expect(rows.map((row) => normalizePayee(row.payee).name).slice(0, 3)).toEqual(['Check 2002', 'American Express', 'Tpay <Deftpymt>']);
  });
});
