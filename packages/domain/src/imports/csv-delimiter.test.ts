import { describe, expect, it } from 'vitest';
import { detectDelimiter } from './csv-delimiter';
import { readCsv } from './csv-reader';
import { fixtureBytes } from './fixtures/read-fixture';
import { decodeStatementBytes } from './statement-encoding';

const fixtureText = (name: string) => decodeStatementBytes(fixtureBytes(name)).text;

describe('CSV delimiter detection (issue 34)', () => {
  it('tells a ragged ";" export with a preamble and decimal commas from a comma file', () => {
    const text = fixtureText('csv-livebank-ragged-semicolon.csv');
    expect(detectDelimiter(text)).toBe(';');
    // The header is then read as columns, not as fragments of data rows.
    const header = readCsv(text, ';').find((record) => record.fields[0] === 'Date');
    expect(header?.fields).toEqual(['Date', 'Value date', 'Counterparty name', 'Description', 'Amount', 'Currency']);
  });

  it('reads ";" when every row has a decimal comma and a different number of trailing fields', () => {
    const rows = ['-12,50;EUR', '-850,00;EUR;;;', '-84,20;EUR;;', '2500,00;EUR;Lohn;;;;', '-3,75;EUR;', '-18,90;EUR;;;;;;'];
    const text = ['Konto;Giro', 'Buchung;Text;Betrag;Währung', ...rows.map((rest, i) => `0${i + 1}.10.2026;Text ${i};${rest}`)].join('\n');
    expect(detectDelimiter(text)).toBe(';');
  });

  it('keeps "," for a US comma export whose descriptions hold ";", quoted or not', () => {
    const text = [
      'Date,Description,Amount,Running Bal.',
      '10/01/2026,AMAZON; ORDER 112-3,-23.99,976.01',
      '10/02/2026,"PGE; WEB ONLINE",-120.00,856.01',
      '10/03/2026,SAFEWAY #1490,-45.67,810.34',
      '10/04/2026,ACME PAYROLL,"2,500.00","3,310.34"',
    ].join('\r\n');
    expect(detectDelimiter(text)).toBe(',');
  });

  it('keeps "," for a comma file with unquoted decimal-comma-looking cells', () => {
    expect(detectDelimiter('Date,Description,Qty,Amount\n10/01/2026,Pens,3,12,50\n10/02/2026,Ink,1,45.00\n')).toBe(',');
  });

  it('reads tab files, also when their text holds commas and semicolons', () => {
    expect(detectDelimiter('Date\tDescription\tAmount\n10/01/2026\tSAFEWAY, INC.\t-45,67\n10/02/2026\tA; B\t-1,00\n')).toBe('\t');
    expect(detectDelimiter('Datum\tText\tBetrag\tSaldo\n01.10.2026\tMiete\t-850,00\t1.150,00\t\t\n02.10.2026\tREWE\t-12,50\t1.137,50\n')).toBe('\t');
  });

  it('falls back to "," when nothing splits the lines', () => {
    expect(detectDelimiter('just one column\nand another line\n')).toBe(',');
    expect(detectDelimiter('')).toBe(',');
  });
});
