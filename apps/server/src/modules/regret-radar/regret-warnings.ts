/**
 * `regret_warning` on the rows of a ledger month (issue 16; docs/DECISIONS.md #57): each expense
 * that is not a transfer leg is weighed against its payee's and sub-categories' felt purchases
 * of the six months before it, two binary searches per place over the month's shared index.
 */
import type { MonthParams, RegretWarningWire, Transaction } from '@mindspend/api-contract';
import { type RegretPlace, type RegretWarning, regretWarningFor, regretWarningSentence, regretWindowStart } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type MonthRegretIndex, type RevisionedBook, monthRegretIndex } from './month-regret-index';

/** A domain warning as the API sends it: `count` is the felt purchases the rate rests on. */
export function wireRegretWarning(warning: RegretWarning): RegretWarningWire {
  return {
    rate: warning.rate,
    count: warning.felt,
    regretted: warning.regretted,
    basis: warning.basis,
    id: warning.id,
    name: warning.name,
    sentence: regretWarningSentence(warning),
  };
}

/** What one answer weighs its rows against: the month's counts and window starts by date. */
interface Weighing {
  index: MonthRegretIndex;
  windowStarts: Map<string, string>;
}

function warningOf(weighing: Weighing, transaction: Transaction): RegretWarningWire | null {
  // A transfer leg is neither spending nor a purchase to regret (docs/DECISIONS.md #47).
  if (transaction.type !== 'expense' || transaction.transfer_id !== null) return null;
  const { index } = weighing;
  const entity = transaction.entity;
  const payeeHistory = entity ? index.payees.get(entity.id) : undefined;
  const subcategories: RegretPlace[] = [];
  for (const line of transaction.subcategories) {
    const history = index.subcategories.get(line.id);
    if (history) subcategories.push({ id: line.id, name: line.name, history });
  }
  // Most rows stop here: no felt purchase at their payee or in their sub-categories lately.
  if (!payeeHistory && subcategories.length === 0) return null;
  const payee: RegretPlace | null = entity ? { id: entity.id, name: entity.name, history: payeeHistory } : null;
  let windowStart = weighing.windowStarts.get(transaction.date);
  if (windowStart === undefined) {
    windowStart = regretWindowStart(transaction.date);
    weighing.windowStarts.set(transaction.date, windowStart);
  }
  const warning = regretWarningFor(transaction.date, payee, subcategories, windowStart);
  return warning ? wireRegretWarning(warning) : null;
}

/**
 * Sets `regret_warning` (a warning or null) on every row of the month's lists, in place: the rows
 * were just built for this answer and are sent as they are.
 */
export async function attachRegretWarnings(
  db: Kysely<Database>,
  book: RevisionedBook,
  month: MonthParams,
  lists: ReadonlyArray<readonly Transaction[]>,
): Promise<void> {
  const weighing: Weighing = { index: await monthRegretIndex(db, book, month), windowStarts: new Map() };
  for (const list of lists) {
    for (const transaction of list) transaction.regret_warning = warningOf(weighing, transaction);
  }
}
