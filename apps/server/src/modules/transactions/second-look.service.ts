/**
 * Second look (issue 16, DECISIONS.md #44): the expenses due for 'How does it feel now?' and the
 * later feeling, stored beside the first one.
 */
import { SECOND_LOOK_PAGE_DEFAULT, type SecondLookQuery, type Transaction } from '@mindspend/api-contract';
import { type Feeling, localDateIn, secondLookWindow } from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import { type BookScope, writeInBook } from '../../db/book-scope';
import { feelingsOf, recordFeeling } from '../../db/feelings';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { monthOfDate, notifyPassedRegretCaps } from '../regret-caps';
import { countTransactions, listTransactions } from './transactions.repo';
import { findTransaction, findTransactions } from './transactions.service';

export const TRANSFER_LEG_NOT_FELT = 'A transfer between your own accounts is not spending: it has no feeling to look at again.';
export const ONLY_EXPENSES_LOOKED_AGAIN = 'Only an expense has a second look.';

/**
 * Which expenses are due for a second look on the user's own today: dated at least
 * `second_look_days` ago and due for at most the domain's window of 60 days, with the member's
 * own first feeling and without their second one yet (DECISIONS.md #105: a second look compares
 * with the first; an imported history without feelings is not asked about); never a transfer's
 * leg (docs/DECISIONS.md #47). Null when the setting is off.
 */
async function dueFilter(deps: AppDeps, scope: BookScope, user: UserRow) {
  const window = secondLookWindow(localDateIn(scope.timeZone, deps.clock.now()), user.second_look_days);
  if (window === null) return null;
  const feelings = await feelingsOf(deps.db, scope);
  const filter = { book: scope, type: 'expense', feltBy: feelings, notLookedAgainBy: feelings, noTransferLegs: true, ...window } as const;
  return { feelings, filter };
}

/**
 * The `limit` oldest expenses due for a second look, after the cursor's expense when given (issue
 * 29: the ledger asked for all of them, megabytes on a long history, to show their count). None
 * when the setting is off.
 */
export async function secondLookDue(deps: AppDeps, scope: BookScope, user: UserRow, query: SecondLookQuery = {}): Promise<Transaction[]> {
  const due = await dueFilter(deps, scope, user);
  if (!due) return [];
  const after = query.after_date !== undefined && query.after_id !== undefined ? { date: query.after_date, id: query.after_id } : undefined;
  return findTransactions(deps.db, due.feelings, { ...due.filter, after, oldestFirst: true }, query.limit ?? SECOND_LOOK_PAGE_DEFAULT);
}

/** How many expenses are due for a second look: what the ledger's button shows. */
export async function secondLookCount(deps: AppDeps, scope: BookScope, user: UserRow): Promise<number> {
  const due = await dueFilter(deps, scope, user);
  return due ? countTransactions(deps.db, due.filter) : 0;
}

/**
 * Records how an expense feels now to the acting member (null takes their second look back); the
 * first feeling is never touched.
 */
export function recordSecondFeeling(deps: AppDeps, scope: BookScope, transactionId: number, feeling: Feeling | null): Promise<Transaction> {
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    const feelings = await feelingsOf(trx, scope);
    const [row] = await listTransactions(trx, feelings, { book: scope, transactionId });
    if (!row) throw notFound('Transaction');
    if (row.transfer_id !== null) throw validationFailed({ second_feeling: [TRANSFER_LEG_NOT_FELT] });
    if (row.type !== 'expense') throw validationFailed({ second_feeling: [ONLY_EXPENSES_LOOKED_AGAIN] });
    await recordFeeling(trx, feelings, [transactionId], { second: feeling }, now);
    // Regret found on a second look counts against a budget's regret cap (docs/DECISIONS.md #56).
    await notifyPassedRegretCaps(trx, deps.clock, scope, [monthOfDate(row.date)]);
    return findTransaction(trx, feelings, transactionId);
  });
}
