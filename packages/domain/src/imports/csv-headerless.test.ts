import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { candidateHeaderSignatures } from './csv-mapping';
import { readCsv } from './csv-reader';
import { looksHeaderless } from './csv-headerless';
import { isNeedsMapping, type NeedsMappingError } from './import-error';
import { parseStatementFile } from './statement';

const RAIFFEISEN = readFileSync(new URL('./fixtures/csv-raiffeisen-no-header.csv', import.meta.url), 'utf8');

function mappingErrorOf(text: string): NeedsMappingError {
  try {
    parseStatementFile(text);
  } catch (error) {
    if (isNeedsMapping(error)) return error;
    throw error;
  }
  throw new Error('no mapping was asked for');
}

describe('CSVs without a header row', () => {
  it('tells a first line that is a transaction from a header', () => {
    expect(looksHeaderless(readCsv(RAIFFEISEN, ';'))).toBe(true);
    expect(looksHeaderless(readCsv('Buchungsdatum;Text;Valuta;Betrag\n15.03.2024;X;15.03.2024;-1,00\n', ';'))).toBe(false);
  });

  it('asks for the columns by position, with the first transaction as samples, never as a header', () => {
    const asked = mappingErrorOf(RAIFFEISEN);
    expect(asked.hasHeader).toBe(false);
    expect(asked.columns).toEqual(['1', '2', '3', '4', '5']);
    expect(asked.samples).toEqual(['15.03.2024', 'Überweisung MIETE MÄRZ HAUSVERWALTUNG GMBH', '14.03.2024', '-850,00', 'EUR']);
  });

  it('imports every line, the first included, through a mapping by position', () => {
    const parsed = parseStatementFile(RAIFFEISEN, {
      mapping: { date: '1', date_format: 'DD.MM.YYYY', amount: '4', payee: '2', currency: '5', decimal: ',', delimiter: ';', has_header: false },
    });
    expect(parsed.rows.map((row) => [row.line, row.date, row.type, row.amountCents, row.currency])).toEqual([
      [1, '2024-03-15', 'expense', 85000, 'EUR'],
      [2, '2024-03-18', 'expense', 4217, 'EUR'],
      [3, '2024-03-25', 'income', 245000, 'EUR'],
    ]);
    expect(parsed.mappedSignature).toBe('(no header row)|5');
    // The next export of the same bank finds that mapping again by its width.
    expect(candidateHeaderSignatures(RAIFFEISEN)).toContain('(no header row)|5');
  });

  it('refuses a position the file does not have, naming it', () => {
    expect(() =>
      parseStatementFile(RAIFFEISEN, { mapping: { date: '1', date_format: 'DD.MM.YYYY', amount: '9', payee: '2', decimal: ',', delimiter: ';', has_header: false } }),
    ).toThrow('the file has no column 9 (it has 5; chosen in the column mapping).');
  });

  it('gives a file with an unknown header its first transaction as samples', () => {
    const asked = mappingErrorOf('Buchungsdatum;Text;Valuta;Betrag\n15.03.2024;BILLA;15.03.2024;-1,00\n');
    expect(asked.hasHeader).toBe(true);
    expect(asked.columns).toEqual(['Buchungsdatum', 'Text', 'Valuta', 'Betrag']);
    expect(asked.samples).toEqual(['15.03.2024', 'BILLA', '15.03.2024', '-1,00']);
  });
});
