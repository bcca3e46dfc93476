/** How a transfer's leg reads in a ledger (docs/DECISIONS.md #47): named after the other account. */
import type { Transaction } from '@mindspend/api-contract';

/** 'Transfer to Savings' out of an account, 'Transfer from Checking' into one; null for other rows. */
export function transferLabel(transaction: Pick<Transaction, 'transfer_id' | 'transfer_account' | 'type'>): string | null {
  if (transaction.transfer_id === null) return null;
  const other = transaction.transfer_account?.name ?? 'another account';
  return transaction.type === 'expense' ? `Transfer to ${other}` : `Transfer from ${other}`;
}
