import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, STATEMENT_FILE_HINT, isStatementFile } from './statement-file';

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
