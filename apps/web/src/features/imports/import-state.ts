/** The Import modal's states of spec §4 'Import' and the checks of spec §5, as pure functions. */
import {
  IMPORT_MESSAGES,
  STATEMENT_FILE_ACCEPT,
  isStatementFile,
  parseIsoDate,
  parseStatementFile,
  type CsvMapping,
  type ImportAnswer,
  type YearMonth,
  toImportAnswers,
} from '@mindspend/domain';
import type { ImportJob, ImportProgressEvent } from './api';

export const INVALID_FILE = IMPORT_MESSAGES.invalidFile;
export const FILE_AND_ACCOUNT_NEEDED = IMPORT_MESSAGES.fileAndAccountNeeded;
export const UPLOAD_FAILED = 'Upload failed. Please try again.';
export const PROCESSING = 'Upload complete. Processing transactions...';
export const COMPLETED = 'Import completed successfully.';
/** The status line while the person maps a CSV's columns (the upload itself did not fail). */
export const MAPPING_NEEDED = 'Choose the columns to import this file.';
/** The status line while the file waits for the person's answer (DECISIONS.md #95). */
export const ANSWER_NEEDED = 'One question before this file is imported.';

export const ACCEPT = STATEMENT_FILE_ACCEPT;

/** Spec §5: both a file and an account, and the file must be a statement (CSV, or OFX/QFX). */
export function checkImport(file: Pick<File, 'name' | 'type'> | null, accountId: number | null): string | null {
  if (!file || accountId === null) return FILE_AND_ACCOUNT_NEEDED;
  return isStatementFile(file.name, file.type) ? null : INVALID_FILE;
}

export type ImportPhase = 'idle' | 'uploading' | 'processing' | 'categorizing' | 'completed' | 'failed';

export interface ImportState {
  phase: ImportPhase;
  uploadProgress: number;
  importProgress: number;
  accountName: string | null;
  jobId: number | null;
  /** What went wrong: a §5 check, the server's refusal or the failed job's own error. */
  error: string | null;
  job: ImportJob | null;
}

export const INITIAL_IMPORT: ImportState = {
  phase: 'idle',
  uploadProgress: 0,
  importProgress: 0,
  accountName: null,
  jobId: null,
  error: null,
  job: null,
};

export type ImportAction =
  | { type: 'invalid'; message: string }
  | { type: 'reset' }
  | { type: 'start' }
  | { type: 'uploadProgress'; percent: number }
  | { type: 'uploaded'; job: ImportJob }
  | { type: 'progress'; event: ImportProgressEvent }
  | { type: 'finished'; job: ImportJob }
  | { type: 'failed'; message: string | null };

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

function failed(state: ImportState, error: string | null): ImportState {
  return { ...state, phase: 'failed', uploadProgress: 0, importProgress: 0, error };
}

/** The next state; events of another job, and anything after the end, are ignored. */
export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'invalid':
      return { ...INITIAL_IMPORT, error: action.message };
    case 'reset':
      // A new file or account starts over, but never under a running import.
      return isBusy(state) ? state : INITIAL_IMPORT;
    case 'start':
      return { ...INITIAL_IMPORT, phase: 'uploading' };
    case 'uploadProgress':
      return state.phase === 'uploading' ? { ...state, uploadProgress: clamp(action.percent) } : state;
    case 'uploaded':
      if (state.phase !== 'uploading') return state;
      return { ...state, phase: 'processing', uploadProgress: 100, jobId: action.job.id, job: action.job };
    case 'progress': {
      const { event } = action;
      if (state.jobId !== event.jobId || (state.phase !== 'processing' && state.phase !== 'categorizing')) return state;
      if (event.error) return failed(state, event.error);
      return { ...state, phase: 'categorizing', accountName: event.accountName, importProgress: Math.max(state.importProgress, event.progress) };
    }
    case 'finished':
      if (state.jobId !== action.job.id || state.phase === 'completed') return state;
      // A failure the progress event reported: the job adds what it knows (a CSV to map).
      if (state.phase === 'failed') return action.job.status === 'failed' && state.job?.status !== 'failed' ? { ...state, job: action.job } : state;
      if (action.job.status === 'failed') return failed({ ...state, job: action.job }, action.job.error);
      if (action.job.status !== 'completed') return state;
      // Spec §4: 'Import completed successfully.' and the progress back to 0.
      return { ...state, phase: 'completed', uploadProgress: 0, importProgress: 0, job: action.job };
    case 'failed':
      return failed(state, action.message);
  }
}

/** True while a file is on its way or being imported: the form is locked. */
export function isBusy(state: ImportState): boolean {
  return state.phase === 'uploading' || state.phase === 'processing' || state.phase === 'categorizing';
}

/** The status line of spec §4 for the state. */
export function importMessage(state: ImportState): string | null {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'uploading':
      return `Uploading ${state.uploadProgress}%`;
    case 'processing':
      return PROCESSING;
    case 'categorizing':
      return `Categorizing your ${state.accountName ?? ''} transactions.`.replace('  ', ' ');
    case 'completed':
      return COMPLETED;
    case 'failed':
      return state.job?.needs_mapping ? MAPPING_NEEDED : state.job?.needs_confirmation ? ANSWER_NEEDED : UPLOAD_FAILED;
  }
}

/** Spec §2.4: a progress bar shows only while 0 < progress < 100. */
export function showsBar(progress: number): boolean {
  return progress > 0 && progress < 100;
}

/**
 * The month of the newest row of a statement, so the ledger opens where the import landed; null
 * if unreadable here (or a question the server asks is not answered yet).
 */
export function newestStatementMonth(text: string, reading: { mapping?: CsvMapping | undefined; answers: readonly ImportAnswer[] }): YearMonth | null {
  try {
    let newest: string | null = null;
    const answers = toImportAnswers(reading.answers);
    for (const row of parseStatementFile(text, { mapping: reading.mapping, answers }).rows) if (newest === null || row.date > newest) newest = row.date;
    const date = newest === null ? null : parseIsoDate(newest);
    return date ? { year: date.year, month: date.month } : null;
  } catch {
    return null;
  }
}

