import { describe, expect, it } from 'vitest';
import { NOT_A_BACKUP, NOT_JSON, isZipFile, readBackupText, restoredSummary } from './backup-file';

describe('backup file', () => {
  it('passes a Mindspend backup on as parsed JSON', () => {
    const read = readBackupText(JSON.stringify({ format: 'mindspend-backup', version: 1, accounts: [] }));
    expect(read).toEqual({ ok: true, backup: { format: 'mindspend-backup', version: 1, accounts: [] } });
  });

  it('refuses text that is not JSON, and JSON that is not a backup', () => {
    expect(readBackupText('Date,Amount\n')).toEqual({ ok: false, message: NOT_JSON });
    expect(readBackupText('[1,2]')).toEqual({ ok: false, message: NOT_A_BACKUP });
    expect(readBackupText('{"format":"other"}')).toEqual({ ok: false, message: NOT_A_BACKUP });
  });

  it('says what a restore wrote', () => {
    expect(restoredSummary({ accounts: 1, transactions: 5, budgets: 0, income_sources: 2, goals: 1, rules: 3 })).toBe(
      '1 account, 5 transactions, 0 budgets, 2 income sources, 1 goal and 3 rules restored.',
    );
  });
});

describe('isZipFile', () => {
  it('sends a .zip (by name or type) to the zip restore, and anything else to the JSON one', () => {
    expect(isZipFile(new File(['PK'], 'mindspend-backup-2026-11-29.zip'))).toBe(true);
    expect(isZipFile(new File(['PK'], 'backup', { type: 'application/zip' }))).toBe(true);
    expect(isZipFile(new File(['PK'], 'BACKUP.ZIP'))).toBe(true);
    expect(isZipFile(new File(['{}'], 'mindspend-backup-2026-11-29.json', { type: 'application/json' }))).toBe(false);
  });
});

describe('restoredSummary with files', () => {
  it('names the attached files a zip brought back, and nothing when there were none', () => {
    const counts = { accounts: 1, transactions: 2, budgets: 0, income_sources: 0, goals: 0, rules: 0 };
    expect(restoredSummary({ ...counts, attachments: 3 })).toBe('1 account, 2 transactions, 0 budgets, 0 income sources, 0 goals and 0 rules restored. 3 attached files with them.');
    expect(restoredSummary({ ...counts, attachments: 0 })).toBe('1 account, 2 transactions, 0 budgets, 0 income sources, 0 goals and 0 rules restored.');
  });
});
