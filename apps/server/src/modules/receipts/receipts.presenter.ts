/** A receipt read's row and its matches → the wire shape of the contract's receiptReadSchema. */
import type { ReceiptRead } from '@mindspend/api-contract';
import type { ReceiptMatch, RecordedPurchase } from '@mindspend/domain';
import type { ReceiptReadRow } from '../../db/receipt-schema';

export function presentReceiptRead(row: ReceiptReadRow, matches: ReadonlyArray<ReceiptMatch<RecordedPurchase & { accountId: number }>>): ReceiptRead {
  const status = row.status === 'done' || row.status === 'failed' ? row.status : 'reading';
  return {
    id: row.id,
    status,
    transaction:
      status === 'done'
        ? {
            amount_cents: row.amount_cents,
            date: row.date,
            date_candidates: row.date_candidates === '' ? [] : row.date_candidates.split(','),
            merchant: row.merchant,
          }
        : null,
    matches: matches.map((match) => ({
      transaction_id: match.transactionId,
      account_id: match.accountId,
      payee: match.payee,
      amount_cents: match.amountCents,
      date: match.date,
      payee_similarity: match.payeeSimilarity,
    })),
    error: status === 'failed' ? row.error : null,
  };
}
