import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, STATEMENT_FILE_ACCEPT, STATEMENT_FILE_HINT, isStatementFile } from './statement-file';

describe('statement file formats named to the person (issue 34)', () => {
  it('names CAMT as a format, not CAMT.053 only, since .052 and .054 files with booked entries are read too', () => {
    for (const text of [IMPORT_MESSAGES.invalidFile, IMPORT_MESSAGES.fileAndAccountNeeded, STATEMENT_FILE_HINT]) {
      expect(text).toMatch(/CAMT \(?\.xml/);
      expect(text).not.toContain('CAMT.053');
    }
  });

  it('takes .xml files of the types browsers give them', () => {
    expect(isStatementFile('camt052.xml', 'text/xml')).toBe(true);
    expect(isStatementFile('camt054.XML', 'application/xml')).toBe(true);
    expect(isStatementFile('report.pdf', 'application/pdf')).toBe(false);
  });
});

describe('MT940 files (issue 34)', () => {
  it('names MT940 in the messages and the hint, and lets the chooser pick .sta, .mt940 and .txt files', () => {
    for (const text of [IMPORT_MESSAGES.invalidFile, IMPORT_MESSAGES.fileAndAccountNeeded, STATEMENT_FILE_HINT]) expect(text).toContain('MT940');
    expect(STATEMENT_FILE_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.sta', '.mt940', '.txt']));
  });

  it('takes .sta, .mt940 and .txt files of the types browsers give them, and nothing else by those names', () => {
    expect(isStatementFile('umsaetze.sta', '')).toBe(true);
    expect(isStatementFile('STATEMENT.STA', 'application/octet-stream')).toBe(true);
    expect(isStatementFile('export.mt940', '')).toBe(true);
    expect(isStatementFile('MT940_2026-10.txt', 'text/plain')).toBe(true);
    expect(isStatementFile('statement.sta', 'image/png')).toBe(false);
    expect(isStatementFile('statement.txt', 'application/pdf')).toBe(false);
  });
});

describe('Excel workbooks (issue 34)', () => {
  it('names Excel in the messages and the hint, and lets the chooser pick .xlsx files of their type', () => {
    for (const text of [IMPORT_MESSAGES.invalidFile, IMPORT_MESSAGES.fileAndAccountNeeded, STATEMENT_FILE_HINT]) expect(text).toContain('Excel');
    expect(STATEMENT_FILE_ACCEPT.split(',')).toContain('.xlsx');
    expect(isStatementFile('october.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(true);
    expect(isStatementFile('october.xls', 'application/vnd.ms-excel')).toBe(false);
  });
});
