import { describe, expect, it } from 'vitest';
import { guessMapping, previewMapping, toMapping } from './column-mapping';

const GERMAN = ['Buchungstag;Valuta;Verwendungszweck;Betrag;Währung', '02.10.2026;02.10.2026;REWE Markt Berlin;-54,30;EUR', '15.10.2026;15.10.2026;Gehalt ACME GmbH;2.500,00;EUR'].join('\n');
const COLUMNS = ['Buchungstag', 'Valuta', 'Verwendungszweck', 'Betrag', 'Währung'];

describe('the column mapping step', () => {
  it("guesses a German bank's columns, date format, decimal comma and semicolons", () => {
    expect(guessMapping(COLUMNS, GERMAN)).toEqual({
      date: 'Buchungstag',
      date_format: 'DD.MM.YYYY',
      amountMode: 'amount',
      amount: 'Betrag',
      debit: '',
      credit: '',
      payee: 'Verwendungszweck',
      notes: '',
      currency: 'Währung',
      decimal: ',',
      delimiter: ';',
      has_header: true,
    });
  });

  it('previews the first rows as they will be imported, and says what is still to choose', () => {
    const draft = guessMapping(COLUMNS, GERMAN);
    expect(previewMapping(GERMAN, draft)).toEqual({
      rows: [
        { line: 2, date: '2026-10-02', payee: 'REWE Markt Berlin', amount: '-€54.30' },
        { line: 3, date: '2026-10-15', payee: 'Gehalt ACME GmbH', amount: '€2,500.00' },
      ],
    });
    // Without the currency column the rows are the book's currency, as a file that states none.
    expect(previewMapping(GERMAN, { ...draft, currency: '' })).toMatchObject({ rows: [{ amount: '-$54.30' }, { amount: '$2,500.00' }] });
    expect(previewMapping(GERMAN, { ...draft, decimal: '.' })).toEqual({ problem: 'Line 2: "-54,30" is not an amount.' });
    expect(toMapping({ ...draft, payee: '' })).toEqual({ problem: 'Choose the payee column.' });
    expect(toMapping({ ...draft, amountMode: 'debit-credit', debit: 'Betrag' })).toEqual({ problem: 'Choose both the debit and the credit column.' });
    expect(toMapping({ ...draft, notes: 'Währung', currency: '' })).toEqual({
      mapping: { date: 'Buchungstag', date_format: 'DD.MM.YYYY', amount: 'Betrag', payee: 'Verwendungszweck', notes: 'Währung', decimal: ',', delimiter: ';' },
    });
    expect(toMapping(draft)).toMatchObject({ mapping: { currency: 'Währung' } });
  });

  it('guesses a file without a header row from its first line, and previews that line as a transaction', () => {
    const headerless = ['15.03.2024;Überweisung MIETE MÄRZ;14.03.2024;-850,00;EUR', '18.03.2024;BILLA DANKT 1234 WIEN;18.03.2024;-42,17;EUR'].join('\n');
    const samples = ['15.03.2024', 'Überweisung MIETE MÄRZ', '14.03.2024', '-850,00', 'EUR'];
    const draft = guessMapping(['1', '2', '3', '4', '5'], headerless, { hasHeader: false, samples });
    expect(draft).toMatchObject({ date: '1', amount: '4', payee: '2', date_format: 'DD.MM.YYYY', decimal: ',', delimiter: ';', has_header: false });
    expect(toMapping(draft)).toMatchObject({ mapping: { has_header: false } });
    expect(previewMapping(headerless, draft)).toEqual({
      rows: [
        { line: 1, date: '2024-03-15', payee: 'Überweisung MIETE MÄRZ', amount: '-$850.00' },
        { line: 2, date: '2024-03-18', payee: 'BILLA DANKT 1234 WIEN', amount: '-$42.17' },
      ],
    });
  });
});
