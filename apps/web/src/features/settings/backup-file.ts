/** Reading a backup file chosen for 'Restore from backup' before it is sent to the server. */
import { BACKUP_FORMAT } from '@mindspend/api-contract';

export const NOT_JSON =
  'This file is not a Mindspend backup (it is not valid JSON). Choose the .json file from ‘Download backup (JSON)’.';
export const NOT_A_BACKUP =
  'This file is not a Mindspend backup. Choose the .json file from ‘Download backup (JSON)’.';

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

/** '2 accounts, 14 transactions, 3 budgets, 2 income sources, 1 goal and 4 rules restored.' */
export function restoredSummary(counts: {
  accounts: number;
  transactions: number;
  budgets: number;
  income_sources: number;
  goals: number;
  rules: number;
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
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''} restored.`;
}
