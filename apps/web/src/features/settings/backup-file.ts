/** Reading a backup file chosen for 'Restore from backup' and sending it: a zip as it is, a JSON file parsed first. */
import { BACKUP_FORMAT, type ImportBackupResponse } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { uploadForm } from '../../lib/upload';

/** What the restore picker offers: the backup zip, and the .json of older backups (DECISIONS.md #113). */
export const BACKUP_ACCEPT = 'application/zip,.zip,application/json,.json';

export const NOT_JSON =
  'This file is not a Mindspend backup (it is not valid JSON). Choose the .zip file from ‘Download backup (zip)’.';
export const NOT_A_BACKUP =
  'This file is not a Mindspend backup. Choose the .zip file from ‘Download backup (zip)’.';

export type BackupRead = { ok: true; backup: Record<string, unknown> } | { ok: false; message: string };

/** Parses the file's text; the server checks every row, this only refuses what is plainly not a backup. */
export function readBackupText(text: string): BackupRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: NOT_JSON };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, message: NOT_A_BACKUP };
  const backup = parsed as Record<string, unknown>;
  if (backup.format !== BACKUP_FORMAT) return { ok: false, message: NOT_A_BACKUP };
  return { ok: true, backup };
}

/** A zip by its name or type (the server checks its contents); anything else is read as a JSON backup. */
export function isZipFile(file: File): boolean {
  return /\.zip$/i.test(file.name) || file.type === 'application/zip' || file.type === 'application/x-zip-compressed';
}

/** Sends the chosen file to its restore; answers the server's answer, or a sentence when the file is plainly not a backup. */
export async function sendBackup(file: File): Promise<ImportBackupResponse | string> {
  if (isZipFile(file)) {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadForm('importBackupZip', form);
  }
  const read = readBackupText(await file.text());
  if (!read.ok) return read.message;
  return callApi('importBackup', { body: read.backup });
}

/** '2 accounts, 14 transactions, 3 budgets, 2 income sources, 1 goal and 4 rules restored.' */
export function restoredSummary(counts: {
  accounts: number;
  transactions: number;
  budgets: number;
  income_sources: number;
  goals: number;
  rules: number;
  attachments?: number;
}): string {
  const part = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    part(counts.accounts, 'account', 'accounts'),
    part(counts.transactions, 'transaction', 'transactions'),
    part(counts.budgets, 'budget', 'budgets'),
    part(counts.income_sources, 'income source', 'income sources'),
    part(counts.goals, 'goal', 'goals'),
    part(counts.rules, 'rule', 'rules'),
  ];
  const files = counts.attachments ? ` ${part(counts.attachments, 'attached file', 'attached files')} with them.` : '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''} restored.${files}`;
}
