/**
 * The notification of a passed regret cap (issue 16, docs/DECISIONS.md #56): run inside the
 * write that may have passed it (a transaction saved, a feeling given on a second look, a cap
 * set), once per budget and month. The alert row's unique key makes it once even when two writes
 * race on two server processes; under `writeInBook` they already run one after the other.
 */
import {
  type YearMonth,
  compareMonths,
  formatStoredAmount,
  localDateIn,
  monthName,
  monthRange,
  regretCapState,
} from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { type BookScope, bookCurrency } from '../../db/book-scope';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import { type Feelings, feelingsOf } from '../../db/feelings';
import { insertNotification } from '../notifications';
import { claimRegretAlert, listCappedBudgets, monthlySpendingWithRegret } from './regret-caps.repo';

const keyOf = (ym: YearMonth) => `${ym.year}-${String(ym.month).padStart(2, '0')}`;

/** The month of a `YYYY-MM-DD` date. */
export const monthOfDate = (date: string): YearMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});

/**
 * Notifies each capped budget whose regretted spending in one of `months` is now above its cap
 * and was not notified for that month yet. Months after the person's current one are skipped: they
 * have no spending yet (spec §2.5). Costs one query when the book has no capped budget.
 */
export async function notifyPassedRegretCaps(
  trx: Kysely<Database>,
  clock: Clock,
  scope: BookScope,
  months: readonly YearMonth[],
): Promise<void> {
  const { bookId } = scope;
  const distinct = [...new Map(months.map((ym) => [keyOf(ym), ym])).values()];
  let feelings: Feelings | undefined;
  for (const ym of distinct) {
    const budgets = await listCappedBudgets(trx, bookId, keyOf(ym));
    if (budgets.length === 0) continue;
    const today = localDateIn(scope.timeZone, clock.now());
    if (compareMonths(ym, today) > 0) continue;
    const { from, to } = monthRange(ym.year, ym.month);
    // The acting member's regret passes a cap (db/feelings.ts).
    feelings ??= await feelingsOf(trx, scope);
    const spending = await monthlySpendingWithRegret(
      trx,
      feelings,
      budgets.map((budget) => budget.subcategory_id),
      from,
      to,
    );
    for (const budget of budgets) {
      const regretted = spending.get(budget.subcategory_id)?.get(keyOf(ym))?.regrettedCents ?? 0;
      const state = regretCapState(
        regretted,
        budget.regret_cap_cents === null ? null : Number(budget.regret_cap_cents),
      );
      if (!state.passed) continue;
      const now = isoNow(clock);
      if (!(await claimRegretAlert(trx, { bookId, budgetId: budget.id, month: keyOf(ym), now }))) continue;
      const currency = await bookCurrency(trx, bookId);
      // Drawn from the acting member's feelings and purchases: theirs to read (DECISIONS.md #84).
      await insertNotification(trx, {
        bookId,
        userId: scope.userId,
        title: `Regret cap passed: ${budget.display_name}`,
        message:
          `Regretted spending in ${budget.display_name} reached ${formatStoredAmount(regretted, currency)} in ` +
          `${monthName(ym.month)} ${ym.year}, past your ${formatStoredAmount(state.capCents, currency)} cap.`,
        createdAt: now,
      });
    }
  }
}
