/**
 * Purpose targets and the month-end reflection (issue 16, DECISIONS.md #45): the four purposes
 * are the pillars of kakeibo, whose heart is a monthly target per pillar and a written reflection.
 */
import type { Cents } from '../money';
import { type LocalDate, type YearMonth, compareMonths, daysInMonth } from '../months';
import { PURPOSE_VALUES, type Purpose } from '../ledger/transactions';

export type PurposeTargets = Record<Purpose, number>;

/** The purposes as the screens name them. */
export const PURPOSE_LABELS: Record<Purpose, string> = { survival: 'Survival', optional: 'Optional', culture: 'Culture', unexpected: 'Unexpected' };

/** Offered to a person setting targets for the first time; never applied without them saving. */
export const SUGGESTED_PURPOSE_TARGETS: PurposeTargets = { survival: 50, optional: 30, culture: 10, unexpected: 10 };

export const TARGET_PERCENT_MESSAGE = 'Each target is a whole percent from 0 to 100.';

/** The sentence for targets that do not add up, naming their sum so the person sees what to fix. */
export function targetsTotalMessage(total: number): string {
  return `Your four targets add up to ${total}%. Change them so they add up to exactly 100%.`;
}

/** True for a whole percent from 0 to 100. */
export function isTargetPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;
}

/** The sum of the four targets. */
export function targetsTotal(targets: PurposeTargets): number {
  return PURPOSE_VALUES.reduce((sum, purpose) => sum + targets[purpose], 0);
}

/** Problems of a set of targets, each a sentence; none when every one is a whole percent and they add up to 100. */
export function purposeTargetProblems(targets: Record<Purpose, unknown>): string[] {
  if (!PURPOSE_VALUES.every((purpose) => isTargetPercent(targets[purpose]))) return [TARGET_PERCENT_MESSAGE];
  const total = targetsTotal(targets as PurposeTargets);
  return total === 100 ? [] : [targetsTotalMessage(total)];
}

export interface PurposeShare {
  purpose: Purpose;
  /** The person's target share, or null when they have set none. */
  targetPercent: number | null;
  spentCents: Cents;
  /** Percent of the month's whole expense spending (with a purpose or not), one decimal. */
  percent: number;
}

/**
 * Each purpose's spending against its target. The base is all of the month's expenses, so
 * spending without a purpose shows as the gap below 100 % rather than inflating the others.
 */
export function purposeShares(
  spentByPurpose: Partial<Record<Purpose, Cents>>,
  totalExpenseCents: Cents,
  targets: PurposeTargets | null,
): PurposeShare[] {
  return PURPOSE_VALUES.map((purpose) => {
    const spentCents = spentByPurpose[purpose] ?? 0;
    const percent = totalExpenseCents > 0 ? Math.round((spentCents / totalExpenseCents) * 1000) / 10 : 0;
    return { purpose, targetPercent: targets ? targets[purpose] : null, spentCents, percent };
  });
}

/** Days before a month's end from which its reflection is asked for. */
export const REFLECTION_OPENS_DAYS_BEFORE_END = 3;
export const REFLECTION_TEXT_MAX = 2000;
export const REFLECTION_EMPTY_MESSAGE = 'Write what went well or what to change (or both).';

/**
 * Whether the budgets page asks for `month`'s reflection on `today` (the person's own date): in
 * the month's last days and at any time after it; never before (there is nothing to reflect on).
 */
export function reflectionOpen(month: YearMonth, today: LocalDate): boolean {
  const order = compareMonths(month, today);
  if (order < 0) return true;
  if (order > 0) return false;
  return today.day > daysInMonth(today.year, today.month) - REFLECTION_OPENS_DAYS_BEFORE_END;
}
