/**
 * Budget status pills (spec §4 'Budget status for a due-in-full bill'), checked in the spec's
 * order: Paid, Skipped, Over Budget, Under Budget, Past due, Due soon (within 7 days), Unpaid
 * (due later), Due today, otherwise PENDING.
 */
import type { Cents } from '../money';
import { dayNumber, mustParse } from './calendar';

export const BUDGET_STATUSES = [
  'Paid',
  'Skipped',
  'Over Budget',
  'Under Budget',
  'Past due',
  'Due soon',
  'Unpaid',
  'Due today',
  'PENDING',
] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

/** Days ahead within which a bill is 'due very soon' (spec §9). */
export const DUE_VERY_SOON_DAYS = 7;

export interface StatusInput {
  /** Bill (due in full) or flexible expense. */
  dueInFull: boolean;
  amountCents: Cents;
  spentCents: Cents;
  /** Month row flags: skip this month / marked paid. */
  ignore: boolean;
  hasBeenPaid: boolean;
  /** First due date in the selected month, or null when it does not fall due in it. */
  recurrenceDate: string | null;
  /** Today in the user's timezone, `YYYY-MM-DD`. */
  today: string;
}

/**
 * A bill is paid when marked so, or when this month's spending on it covers the amount. A month
 * with nothing to pay (a yearly bill's other months) is not 'paid' by spending nothing.
 */
export function isBillPaid(input: Pick<StatusInput, 'hasBeenPaid' | 'spentCents' | 'amountCents'>): boolean {
  return input.hasBeenPaid || (input.amountCents > 0 && input.spentCents >= input.amountCents);
}

/** A bill is unpaid only if not skipped, not marked paid, and spending is below the amount (spec §4). */
export function isBillUnpaid(input: Pick<StatusInput, 'ignore' | 'hasBeenPaid' | 'spentCents' | 'amountCents'>): boolean {
  return !input.ignore && !input.hasBeenPaid && input.spentCents < input.amountCents;
}

/** The status pill of a budget for the selected month (shown for the current or a past month). */
export function budgetStatus(input: StatusInput): BudgetStatus {
  const remaining = input.amountCents - input.spentCents;
  if (!input.dueInFull) {
    // Flexible expenses are spread over the month: only skipping and how spending compares apply.
    if (input.ignore) return 'Skipped';
    if (remaining < 0) return 'Over Budget';
    return input.spentCents > 0 ? 'Under Budget' : 'PENDING';
  }
  if (isBillPaid(input)) return 'Paid';
  if (input.ignore) return 'Skipped';
  if (remaining < 0) return 'Over Budget';
  if (remaining > 0 && remaining < input.amountCents) return 'Under Budget';
  if (input.recurrenceDate === null) return 'PENDING';
  const daysUntilDue = dayNumber(mustParse(input.recurrenceDate)) - dayNumber(mustParse(input.today));
  if (daysUntilDue < 0) return 'Past due';
  if (remaining > 0 && daysUntilDue > 0) return daysUntilDue <= DUE_VERY_SOON_DAYS ? 'Due soon' : 'Unpaid';
  if (remaining > 0 && daysUntilDue === 0) return 'Due today';
  return 'PENDING';
}
