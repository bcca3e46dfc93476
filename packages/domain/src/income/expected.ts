/**
 * Expected income (spec §2.6, §3 income recurrence, DECISIONS.md #4): the dates a recurring income
 * source pays within a month, and whether each payment has arrived in the ledger.
 */
import type { Cents } from '../money';
import type { YearMonth } from '../months';
import { daysInMonth } from '../months';
import { dayNumber, fromDayNumber, mustParse, toIso } from '../budgets/calendar';
import { monthlyRecurrence, occurrencesInMonth } from '../budgets/recurrence';

export const INCOME_RECURRENCE_VALUES = ['monthly', 'twice_monthly', 'every_two_weeks', 'every_x_days'] as const;
export type IncomeRecurrence = (typeof INCOME_RECURRENCE_VALUES)[number];

/** The form's default for 'Every how many days?' (spec §9). */
export const DEFAULT_X_DAYS = 14;
/** Longest 'every X days' interval accepted: a source that pays less than yearly is not recurring income. */
export const MAX_X_DAYS = 366;
/** An income transaction this many days before or after an expected payment counts as that payment. */
export const RECEIVED_WINDOW_DAYS = 3;

export interface IncomeSourceRule {
  id: number;
  entityId: number;
  amountCents: Cents;
  /** `YYYY-MM-DD`: the first payment; none is ever expected before it. */
  startDate: string;
  recurrence: IncomeRecurrence;
  /** For `every_x_days`; the default 14 when absent. */
  xDays?: number | null;
}

export interface ExpectedPayment {
  sourceId: number;
  entityId: number;
  /** `YYYY-MM-DD` */
  date: string;
  amountCents: Cents;
}

/** The dates a source pays within a month, in order, never before its start date. */
export function incomeDatesInMonth(source: IncomeSourceRule, ym: YearMonth): string[] {
  const { startDate } = source;
  switch (source.recurrence) {
    case 'monthly':
      // On the start date's day; the 29th-31st move to the last day of shorter months.
      return occurrencesInMonth(monthlyRecurrence(startDate), ym);
    case 'twice_monthly':
      return [1, 15].map((day) => toIso({ ...ym, day })).filter((date) => date >= startDate);
    case 'every_two_weeks':
      return everyDays(startDate, 14, ym);
    case 'every_x_days':
      return everyDays(startDate, Math.max(1, Math.floor(source.xDays ?? DEFAULT_X_DAYS)), ym);
  }
}

function everyDays(start: string, interval: number, ym: YearMonth): string[] {
  return occurrencesInMonth({ start, isRecurring: true, frequency: 'day', interval, ending: 'never' }, ym);
}

/** Every payment the sources are expected to make in a month, by date then source. */
export function expectedIncome(sources: readonly IncomeSourceRule[], ym: YearMonth): ExpectedPayment[] {
  const payments = sources.flatMap((source) =>
    incomeDatesInMonth(source, ym).map((date) => ({ sourceId: source.id, entityId: source.entityId, date, amountCents: source.amountCents })),
  );
  return payments.sort((a, b) => a.date.localeCompare(b.date) || a.sourceId - b.sourceId);
}

/** Total of a month's expected payments. */
export function expectedIncomeCents(sources: readonly IncomeSourceRule[], ym: YearMonth): Cents {
  return expectedIncome(sources, ym).reduce((sum, payment) => sum + payment.amountCents, 0);
}

/** The days an income transaction may fall on to count for a month's payments (window included). */
export function receiptSearchRange(ym: YearMonth, windowDays = RECEIVED_WINDOW_DAYS): { from: string; to: string } {
  const first = dayNumber({ ...ym, day: 1 });
  const last = dayNumber({ ...ym, day: daysInMonth(ym.year, ym.month) });
  return { from: toIso(fromDayNumber(first - windowDays)), to: toIso(fromDayNumber(last + windowDays)) };
}

export interface IncomeReceipt {
  id: number;
  entityId: number | null;
  /** `YYYY-MM-DD` */
  date: string;
}

export interface MatchedPayment extends ExpectedPayment {
  received: boolean;
  transactionId: number | null;
}

/**
 * Marks each expected payment received when an income transaction of the same entity is dated
 * within ±`windowDays` of it; the closest one wins and each transaction pays at most one payment.
 */
export function matchReceived(
  payments: readonly ExpectedPayment[],
  receipts: readonly IncomeReceipt[],
  windowDays = RECEIVED_WINDOW_DAYS,
): MatchedPayment[] {
  const used = new Set<number>();
  const dayOf = (iso: string) => dayNumber(mustParse(iso));
  return payments.map((payment) => {
    const due = dayOf(payment.date);
    let best: { id: number; distance: number; day: number } | null = null;
    for (const receipt of receipts) {
      if (receipt.entityId !== payment.entityId || used.has(receipt.id)) continue;
      const day = dayOf(receipt.date);
      const distance = Math.abs(day - due);
      if (distance > windowDays) continue;
      if (!best || distance < best.distance || (distance === best.distance && (day < best.day || (day === best.day && receipt.id < best.id)))) {
        best = { id: receipt.id, distance, day };
      }
    }
    if (best) used.add(best.id);
    return { ...payment, received: best !== null, transactionId: best?.id ?? null };
  });
}
