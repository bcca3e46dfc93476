/** Checks of a backup's attachment list (DECISIONS.md #113), beside the other reference checks. */
import { type Backup, MAX_ATTACHMENTS_PER_TRANSACTION } from '@mindspend/api-contract';

/** Each attachment once, on a transaction of the file, at most as many per transaction as the API allows. */
export function attachmentProblems(backup: Backup): string[] {
  const attachments = backup.attachments ?? [];
  if (attachments.length === 0) return [];
  const problems: string[] = [];
  if (new Set(attachments.map((a) => a.id)).size !== attachments.length) problems.push('The backup file is not valid: two attachments share an id.');
  if (new Set(attachments.map((a) => a.entry)).size !== attachments.length) problems.push('The backup file is not valid: two attachments name the same zip entry.');
  const transactions = new Set(backup.transactions.map((t) => t.id));
  const perTransaction = new Map<number, number>();
  for (const a of attachments) {
    if (!transactions.has(a.transaction_id)) problems.push(`The backup file refers to transaction ${a.transaction_id} that it does not contain (attachment ${a.id}).`);
    perTransaction.set(a.transaction_id, (perTransaction.get(a.transaction_id) ?? 0) + 1);
  }
  for (const [transactionId, count] of perTransaction)
    if (count > MAX_ATTACHMENTS_PER_TRANSACTION)
      problems.push(`The backup file is not valid: transaction ${transactionId} has more than ${MAX_ATTACHMENTS_PER_TRANSACTION} attachments.`);
  return problems;
}
