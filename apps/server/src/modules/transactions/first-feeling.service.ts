/**
 * A first feeling recorded on its own, as the ledger's edit records it (transactions.service.ts):
 * the acting member's feeling through db/feelings.ts, the regret caps it may pass, and the
 * `transaction.updated` webhook event. Push nudges' feeling buttons (DECISIONS.md #103) record
 * through it, inside their own write, so the token they spend and the feeling commit together.
 */
import type { Transaction } from '@mindspend/api-contract';
import type { Feeling } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import { feelingsOf, recordFeeling } from '../../db/feelings';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound, validationFailed } from '../../lib/http-errors';
import { monthOfDate, notifyPassedRegretCaps } from '../regret-caps';
import { transactionData } from '../webhooks';
import { writeWithEvents } from './transaction-webhooks';
import { listTransactions } from './transactions.repo';
import { findTransaction } from './transactions.service';

export const ONLY_EXPENSES_FELT = 'Only an expense has a feeling.';
export const TRANSFER_NOT_FELT = 'A transfer between your own accounts is not spending: it has no feeling.';

/**
 * Records `feeling` as the member's first feeling about the expense, in `trx` (the caller holds
 * the book's write lock); answers the transaction and how many webhook deliveries were queued.
 */
export function recordFirstFeelingIn(
  deps: AppDeps,
  trx: Kysely<Database>,
  scope: BookScope,
  transactionId: number,
  feeling: Feeling,
  now: string,
): Promise<{ result: Transaction; queued: number }> {
  return writeWithEvents(deps, trx, scope, now, async () => {
    const feelings = await feelingsOf(trx, scope);
    const [row] = await listTransactions(trx, feelings, { book: scope, transactionId });
    if (!row) throw notFound('Transaction');
    if (row.transfer_id !== null) throw validationFailed({ feeling: [TRANSFER_NOT_FELT] });
    if (row.type !== 'expense') throw validationFailed({ feeling: [ONLY_EXPENSES_FELT] });
    await recordFeeling(trx, feelings, [transactionId], { first: feeling }, now);
    // A regretted feeling may pass a budget's regret cap (docs/DECISIONS.md #56), as an edit's does.
    await notifyPassedRegretCaps(trx, deps.clock, scope, [monthOfDate(row.date)]);
    const felt = await findTransaction(trx, feelings, transactionId);
    return { result: felt, events: [{ event: 'transaction.updated', accountId: felt.account_id, data: transactionData(felt) }] };
  });
}
