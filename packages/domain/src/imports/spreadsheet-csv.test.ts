import { describe, expect, it } from 'vitest';
import { chosenSheet, sheetToCsv } from './spreadsheet-csv';
import { parseStatementFile } from './statement';

describe('an Excel sheet as CSV text', () => {
  it('writes dates as YYYY-MM-DD, numbers as the workbook stores them, and quotes what needs it', () => {
    const csv = sheetToCsv([
      ['Date', 'Description', 'Amount', 'Note'],
      [new Date(Date.UTC(2026, 9, 15)), 'ZIGGY\'S BIKE SHOP, LLC', '-120.00', null],
      [new Date(Date.UTC(2026, 9, 16)), 'Say "hi"\nthere', '54.2', true],
      [null, null, null, null],
    ]);
    expect(csv).toBe('Date,Description,Amount,Note\n2026-10-15,"ZIGGY\'S BIKE SHOP, LLC",-120.00\n2026-10-16,"Say ""hi""\nthere",54.2,true\n');
  });

  it('goes through the CSV reader with every amount exact to the cent', () => {
    const csv = sheetToCsv([
      ['Date', 'Description', 'Amount'],
      [new Date(Date.UTC(2026, 9, 15)), 'GROCERY OUTLET', '-54.2'],
      [new Date(Date.UTC(2026, 9, 16)), 'PAYROLL', '1500.1'],
      [new Date(Date.UTC(2026, 9, 17)), 'CAFE', '-0.29'],
    ]);
    expect(parseStatementFile(csv).rows.map((row) => [row.date, row.type, row.amountCents])).toEqual([
      ['2026-10-15', 'expense', 5420],
      ['2026-10-16', 'income', 150010],
      ['2026-10-17', 'expense', 29],
    ]);
  });

  it('chooses a sheet by name (any case) or 1-based number, the first by default, and none that is not there', () => {
    const sheets = [{ sheet: 'Summary' }, { sheet: 'Umsätze' }];
    expect(chosenSheet(sheets, undefined)?.sheet).toBe('Summary');
    expect(chosenSheet(sheets, ' ')?.sheet).toBe('Summary');
    expect(chosenSheet(sheets, 'umsätze')?.sheet).toBe('Umsätze');
    expect(chosenSheet(sheets, '2')?.sheet).toBe('Umsätze');
    expect(chosenSheet(sheets, '3')).toBeNull();
    expect(chosenSheet(sheets, 'Sheet9')).toBeNull();
    expect(chosenSheet([], undefined)).toBeNull();
  });
});
