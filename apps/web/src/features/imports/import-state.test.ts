import { describe, expect, it } from 'vitest';
import type { ImportJob } from './api';
import {
  COMPLETED,
  FILE_AND_ACCOUNT_NEEDED,
  INITIAL_IMPORT,
  INVALID_FILE,
  PROCESSING,
  UPLOAD_FAILED,
  checkImport,
  importMessage,
  importReducer,
  newestStatementMonth,
  showsBar,
  type ImportAction,
} from './import-state';
import { skippedSummary, summaryText } from './import-summary-text';

const job = (over: Partial<ImportJob> = {}): ImportJob => ({
  id: 7, account_id: 3, file_name: 'a.csv', status: 'queued', progress: 0, rows_read: 0, rows_imported: 0,
  duplicates_skipped: 0, categorized: 0, rows_skipped: 0, skipped: [], notice: null, needs_mapping: false, columns: [], column_samples: [], has_header: true, needs_confirmation: false, question: null, notes: [],
  error: null, created_at: '2026-11-01T00:00:00Z', finished_at: null, ...over,
});
const run = (actions: ImportAction[]) => actions.reduce(importReducer, INITIAL_IMPORT);

describe('checkImport (spec §5)', () => {
  it('needs a file and an account, and a statement file', () => {
    expect(checkImport(null, 1)).toBe(FILE_AND_ACCOUNT_NEEDED);
    expect(checkImport({ name: 'a.csv', type: 'text/csv' }, null)).toBe(FILE_AND_ACCOUNT_NEEDED);
    expect(checkImport({ name: 'photo.png', type: 'image/png' }, 1)).toBe(INVALID_FILE);
    expect(checkImport({ name: 'fake.csv', type: 'image/png' }, 1)).toBe(INVALID_FILE);
    expect(checkImport({ name: 'a.csv', type: 'text/csv' }, 1)).toBeNull();
    expect(checkImport({ name: 'bank.QFX', type: '' }, 1)).toBeNull();
    expect(checkImport({ name: 'bank.ofx', type: 'application/x-ofx' }, 1)).toBeNull();
    expect(checkImport({ name: 'quicken.qif', type: '' }, 1)).toBeNull();
    expect(checkImport({ name: 'camt053.xml', type: 'text/xml' }, 1)).toBeNull();
    expect(checkImport({ name: 'page.html', type: 'text/html' }, 1)).toBe(INVALID_FILE);
  });
});

describe('importReducer (spec §4 Import)', () => {
  it('goes uploading → processing → categorizing → completed, with progress back to 0', () => {
    let state = run([{ type: 'start' }, { type: 'uploadProgress', percent: 42.4 }]);
    expect(importMessage(state)).toBe('Uploading 42%');
    expect(showsBar(state.uploadProgress)).toBe(true);
    state = importReducer(state, { type: 'uploaded', job: job() });
    expect(importMessage(state)).toBe(PROCESSING);
    expect(showsBar(state.uploadProgress)).toBe(false);
    state = importReducer(state, { type: 'progress', event: { jobId: 7, accountName: 'Checking', progress: 40 } });
    expect(importMessage(state)).toBe('Categorizing your Checking transactions.');
    expect(showsBar(state.importProgress)).toBe(true);
    // Another job's events and a late smaller value change nothing.
    expect(importReducer(state, { type: 'progress', event: { jobId: 8, accountName: 'X', progress: 90 } })).toBe(state);
    expect(importReducer(state, { type: 'progress', event: { jobId: 7, accountName: 'Checking', progress: 20 } }).importProgress).toBe(40);
    state = importReducer(state, { type: 'progress', event: { jobId: 7, accountName: 'Checking', progress: 100 } });
    expect(state.importProgress).toBe(100);
    expect(showsBar(state.importProgress)).toBe(false);
    state = importReducer(state, { type: 'finished', job: job({ status: 'completed', rows_read: 3 }) });
    expect(importMessage(state)).toBe(COMPLETED);
    expect(state.importProgress).toBe(0);
    expect(state.uploadProgress).toBe(0);
  });

  it('an upload failure says so with progress 0; a failed job shows its error naming the line', () => {
    const failed = run([{ type: 'start' }, { type: 'uploadProgress', percent: 60 }, { type: 'failed', message: null }]);
    expect(importMessage(failed)).toBe(UPLOAD_FAILED);
    expect(failed.uploadProgress).toBe(0);
    const badLine = run([
      { type: 'start' },
      { type: 'uploaded', job: job() },
      { type: 'finished', job: job({ status: 'failed', error: 'Line 4: "13/45/2026" is not a date.' }) },
    ]);
    expect(importMessage(badLine)).toBe(UPLOAD_FAILED);
    expect(badLine.error).toBe('Line 4: "13/45/2026" is not a date.');
    const viaEvent = run([
      { type: 'start' },
      { type: 'uploaded', job: job() },
      { type: 'progress', event: { jobId: 7, accountName: 'C', progress: 0, error: 'Line 9: bad amount.' } },
    ]);
    expect(viaEvent.phase).toBe('failed');
    expect(viaEvent.error).toBe('Line 9: bad amount.');
    // The job read after such an event says whether the person can map the CSV's columns.
    const columns = ['Buchungstag', 'Betrag'];
    const mapped = importReducer(viaEvent, { type: 'finished', job: job({ status: 'failed', needs_mapping: true, columns, error: 'map it' }) });
    expect(mapped).toMatchObject({ phase: 'failed', error: 'Line 9: bad amount.', job: { needs_mapping: true, columns } });
    expect(importMessage(mapped)).toBe('Choose the columns to import this file.');
    expect(importReducer(mapped, { type: 'finished', job: job({ status: 'completed' }) })).toBe(mapped);
  });

  it("shows the server's refusal of a file in another currency than the account's (DECISIONS.md #91)", () => {
    const refusal = 'This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.';
    const viaJob = run([{ type: 'start' }, { type: 'uploaded', job: job() }, { type: 'finished', job: job({ status: 'failed', error: refusal }) }]);
    const viaEvent = run([
      { type: 'start' },
      { type: 'uploaded', job: job() },
      { type: 'progress', event: { jobId: 7, accountName: 'Everyday Checking', progress: 0, error: refusal } },
      { type: 'finished', job: job({ status: 'failed', error: refusal }) },
    ]);
    for (const state of [viaJob, viaEvent]) {
      expect(state).toMatchObject({ phase: 'failed', error: refusal, job: { needs_mapping: false } });
    }
  });

  it('a new file clears an error but never a running import', () => {
    expect(run([{ type: 'invalid', message: INVALID_FILE }, { type: 'reset' }])).toEqual(INITIAL_IMPORT);
    const running = run([{ type: 'start' }]);
    expect(importReducer(running, { type: 'reset' })).toBe(running);
  });
});

describe('newestStatementMonth and summaryText', () => {
  it('finds the month of the newest row, or null for an unreadable file', () => {
    const csv = 'Date,Description,Amount\n09/30/2026,SAFEWAY #12,-5.00\n10/02/2026,SHELL OIL 123,-20.00\n08/15/2026,NETFLIX.COM,-15.49\n';
    expect(newestStatementMonth(csv, { answers: [] })).toEqual({ year: 2026, month: 10 });
    expect(newestStatementMonth('not,a\nstatement', { answers: [] })).toBeNull();
    // Dates that read two ways are read as the person answered.
    const twoWays = 'Date,Description,Amount\n06/12/2021,LUNCH,-12.00\n';
    expect(newestStatementMonth(twoWays, { answers: [] })).toBeNull();
    expect(newestStatementMonth(twoWays, { answers: ['day-first'] })).toEqual({ year: 2021, month: 12 });
  });

  it('reads like a sentence', () => {
    expect(summaryText({ rows_read: 300, rows_imported: 298, duplicates_skipped: 2, categorized: 250 })).toBe(
      'Read 300 rows: imported 298, skipped 2 duplicates, categorized 250.',
    );
    expect(skippedSummary(1)).toBe('1 line passed over (no transaction on it)');
    expect(skippedSummary(3)).toBe('3 lines passed over (no transaction on them)');
    expect(summaryText({ rows_read: 1, rows_imported: 0, duplicates_skipped: 1, categorized: 0 })).toBe(
      'Read 1 row: imported 0, skipped 1 duplicate, categorized 0.',
    );
  });
});
