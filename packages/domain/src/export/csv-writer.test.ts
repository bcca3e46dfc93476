import { describe, expect, it } from 'vitest';
import { readCsv } from '../imports/csv-reader';
import { csvAmount, csvDocument, csvField, csvRecord } from './csv-writer';

describe('CSV writer', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Smith, John')).toBe('"Smith, John"');
    expect(csvField('5" screen')).toBe('"5"" screen"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(csvAmount(-1234))).toBe('-12.34');
    expect(csvField(csvAmount(500))).toBe('5.00');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-refund')).toBe("'-refund");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes a document with a BOM and CRLF that reads back to the same cells', () => {
    const doc = csvDocument(['Date', 'Payee', 'Amount'], [['2026-11-01', 'Joe\'s "Diner", LLC', -12.34], ['2026-11-02', 'x\ny', 5]]);
    expect(doc.startsWith('\uFEFFDate,Payee,Amount\r\n')).toBe(true);
    expect(doc.endsWith('\r\n')).toBe(true);
    expect(csvRecord(['a', 1])).toBe('a,1');
    const cells = readCsv(doc.slice(1)).map((record) => record.fields);
    expect(cells).toEqual([
      ['Date', 'Payee', 'Amount'],
      ['2026-11-01', 'Joe\'s "Diner", LLC', '-12.34'],
      ['2026-11-02', 'x\ny', '5'],
    ]);
  });
});
