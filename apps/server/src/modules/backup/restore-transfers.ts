/**
 * Transfers in a backup (docs/DECISIONS.md #47): each leg carries its transfer's id, so a file
 * restores its transfers without a table of its own. A restore checks that every id names exactly
 * one expense and one income of the same amount in two accounts, then links the new rows.
 */
import type { Backup } from '@mindspend/api-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertRestoredTransfer } from './restore.repo';

type BackupTransaction = Backup['transactions'][number];

/** Legs by transfer id, in file order. */
function legsByTransfer(transactions: readonly BackupTransaction[]): Map<number, BackupTransaction[]> {
  const legs = new Map<number, BackupTransaction[]>();
  for (const t of transactions) {
    if (t.transfer_id === null || t.transfer_id === undefined) continue;
    const list = legs.get(t.transfer_id);
    if (list) list.push(t);
    else legs.set(t.transfer_id, [t]);
  }
  return legs;
}

function pairOf(legs: readonly BackupTransaction[]): { from: BackupTransaction; to: BackupTransaction } | null {
  const from = legs.find((leg) => leg.type === 'expense');
  const to = legs.find((leg) => leg.type === 'income');
  if (legs.length !== 2 || !from || !to) return null;
  if (from.amount_cents !== to.amount_cents || from.account_id === to.account_id) return null;
  return { from, to };
}

/** What is wrong with the file's transfers: one sentence per transfer whose legs do not pair up. */
export function transferProblems(transactions: readonly BackupTransaction[]): string[] {
  const problems: string[] = [];
  for (const [transferId, legs] of legsByTransfer(transactions)) {
    if (!pairOf(legs)) {
      problems.push(
        `The backup file is not valid: transfer ${transferId} needs one expense and one income of the same amount in two different accounts.`,
      );
    }
  }
  return problems;
}

/** Links the restored legs of each transfer under new ids (the file was checked by `transferProblems`). */
export async function restoreTransfers(
  trx: Kysely<Database>,
  bookId: number,
  transactions: readonly BackupTransaction[],
  newId: (oldTransactionId: number) => number,
): Promise<number> {
  let count = 0;
  for (const legs of legsByTransfer(transactions).values()) {
    const pair = pairOf(legs);
    if (!pair) continue;
    const fromId = newId(pair.from.id);
    const toId = newId(pair.to.id);
    await insertRestoredTransfer(trx, bookId, { fromId, toId, createdAt: pair.from.created_at });
    count += 1;
  }
  return count;
}
