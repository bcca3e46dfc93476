/**
 * The forecast of a purchase being paused (issue 31; docs/DECISIONS.md #99): the member's felt
 * history at its payee and in its sub-category, and their regret triggers over the last year,
 * weighed by the domain's rule (`pauseForecast`).
 */
import {
  type LocalDate,
  type PauseForecast,
  type SimilarGroup,
  addMonths,
  amountBandOf,
  incomeBandOf,
  isoDate,
  isoDayNumber,
  pauseForecast,
  regretTriggers,
  weekdayOf,
} from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import type { Feelings } from '../../db/feelings';
import type { Database } from '../../db/schema';
import { incomeDates, triggerCounts } from '../insights';
import { feltAtPayee, feltInSubcategory } from './pauses.repo';

/** How far back similar purchases count: long enough for a yearly purchase to have a history. */
export const FORECAST_HISTORY_MONTHS = 24;
/** How far back the triggers are read: a year, so every weekday and season counts alike. */
const TRIGGER_MONTHS = 12;

/** What is being paused, as the forecast needs it. */
export interface PausedPurchase {
  payee: { id: number; name: string } | null;
  subcategory: { id: number; name: string } | null;
  amountCents: number;
  paymentMethod: string | null;
}

const monthsBefore = (today: LocalDate, months: number): string => isoDate({ ...addMonths(today, -months), day: 1 });

export async function forecastPurchase(
  db: Kysely<Database>,
  scope: BookScope,
  feelings: Feelings,
  purchase: PausedPurchase,
  today: LocalDate,
): Promise<PauseForecast> {
  const todayIso = isoDate(today);
  const historyFrom = monthsBefore(today, FORECAST_HISTORY_MONTHS);
  const range = { bookId: scope.bookId, hiddenAccountIds: scope.hiddenAccountIds, from: monthsBefore(today, TRIGGER_MONTHS), to: todayIso, feelings };
  const [payee, subcategory, counts, incomes] = await Promise.all([
    purchase.payee ? feltAtPayee(db, feelings, purchase.payee.id, historyFrom) : null,
    purchase.subcategory ? feltInSubcategory(db, feelings, purchase.subcategory.id, historyFrom) : null,
    triggerCounts(db, range),
    incomeDates(db, range),
  ]);
  const named = (counts: typeof payee, name: string | undefined): SimilarGroup | null => (counts && name !== undefined ? { ...counts, name } : null);
  const incomeDays = [...new Set(incomes.map(isoDayNumber))].sort((a, b) => a - b);
  return pauseForecast(named(payee, purchase.payee?.name), named(subcategory, purchase.subcategory?.name), regretTriggers(counts, incomes), {
    weekday: weekdayOf(todayIso),
    daysSinceIncome: incomeBandOf(todayIso, incomeDays),
    paymentMethod: purchase.paymentMethod ?? undefined,
    amountBand: amountBandOf(purchase.amountCents),
  });
}
