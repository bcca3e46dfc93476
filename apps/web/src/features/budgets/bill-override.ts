/** The bill override for one month (spec §4 'Bill override'): three mutually exclusive choices. */
import type { Budget } from '@mindspend/api-contract';

export const BILL_OVERRIDES = ['default', 'paid', 'skip'] as const;
export type BillOverride = (typeof BILL_OVERRIDES)[number];

export const OVERRIDE_LABELS: Record<BillOverride, string> = {
  default: 'Default',
  paid: 'Mark as paid',
  skip: 'Skip this month',
};

/** The month row's flags as the override they mean. */
export function overrideOf(budget: Pick<Budget, 'has_been_paid' | 'ignore'>): BillOverride {
  if (budget.ignore === 1) return 'skip';
  if (budget.has_been_paid === 1) return 'paid';
  return 'default';
}

/** The flags PATCH /budgets/{id} sends with the month and year. */
export function overrideFlags(choice: BillOverride): { has_been_paid: 0 | 1; ignore: 0 | 1 } {
  if (choice === 'paid') return { has_been_paid: 1, ignore: 0 };
  if (choice === 'skip') return { has_been_paid: 0, ignore: 1 };
  return { has_been_paid: 0, ignore: 0 };
}

/** Month / Year of the edit modal: the month clamps to 1–12 (spec §2.5). */
export function clampMonth(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(12, Math.max(1, Math.round(value)));
}
