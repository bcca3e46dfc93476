/**
 * What a webhook is told of a transaction (DECISIONS.md #94): the book's facts — account, day,
 * amounts, payee, categories — and never a member's feelings, which are theirs alone in a shared
 * book (DECISIONS.md #76) and are not the webhook's maker's to send away.
 */
import type { Transaction } from '@mindspend/api-contract';

export function transactionData(transaction: Transaction): Record<string, unknown> {
  return {
    id: transaction.id,
    account_id: transaction.account_id,
    type: transaction.type,
    date: transaction.date,
    amount: transaction.amount,
    currency: transaction.currency,
    base_amount: transaction.base_amount,
    fx_rate: transaction.fx_rate,
    // The payee as the ledger shows it: the entity's name, or the text a bank row brought.
    payee: transaction.entity?.name ?? transaction.payee,
    description: transaction.description,
    notes: transaction.notes,
    payment_method: transaction.payment_method,
    purpose: transaction.purpose,
    subcategories: transaction.subcategories.map((line) => ({
      id: line.id,
      name: line.name,
      amount: line.amount,
    })),
    transfer_id: transaction.transfer_id,
  };
}
