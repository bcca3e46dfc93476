/** Statement imports (spec §7 uploadStatement, getImport, the progress event). */
import type { ImportJobWire } from '@mindspend/api-contract';
import type { CsvMapping, ImportAnswer } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { uploadForm } from '../../lib/upload';

export type ImportStatus = ImportJob['status'];

/** The import job the server answers with (202) and reports on (api-contract importJobSchema). */
export type ImportJob = ImportJobWire;

/** Data of the `importTransactionsProgress` event (DECISIONS.md #9). */
export interface ImportProgressEvent {
  accountName: string;
  progress: number;
  jobId: number;
  error?: string;
}

export const IMPORT_PROGRESS_EVENT = 'importTransactionsProgress';

/** Reads an event payload, or null when it is not an import progress event. */
export function toImportProgress(data: unknown): ImportProgressEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const { accountName, progress, jobId, error } = data as Record<string, unknown>;
  if (typeof progress !== 'number' || typeof jobId !== 'number') return null;
  return {
    accountName: typeof accountName === 'string' ? accountName : 'your',
    progress: Math.max(0, Math.min(100, Math.round(progress))),
    jobId,
    ...(typeof error === 'string' && error !== '' ? { error } : {}),
  };
}

/** How the person said to read the file: their column mapping, and their answers to its questions. */
export interface StatementReading {
  mapping?: CsvMapping | undefined;
  answers: readonly ImportAnswer[];
  /** An .xlsx workbook's sheet to read; the first when absent. */
  sheet?: string | undefined;
}

/**
 * Uploads a statement; `mapping` says which column is which in a CSV the server did not
 * recognise, `answers` settle the questions its evidence raised (DECISIONS.md #95).
 */
export function uploadStatement(
  file: File,
  accountId: number,
  onProgress: (percent: number) => void,
  reading: StatementReading = { answers: [] },
): Promise<ImportJob> {
  const form = new FormData();
  form.append('account_id', String(accountId));
  if (reading.mapping) form.append('mapping', JSON.stringify(reading.mapping));
  if (reading.answers.length > 0) form.append('confirm', reading.answers.join(','));
  if (reading.sheet !== undefined) form.append('sheet', reading.sheet);
  form.append('file', file, file.name);
  return uploadForm('uploadStatement', form, { onProgress });
}

export const fetchImport = (id: number): Promise<ImportJob> => callApi('getImport', { params: { id } });
