/**
 * Mindspend's suggested budgets for the first-run wizard (DECISIONS.md #16): what most US
 * households plan for, with amounts taken from the user's own last three months when they exist.
 */
import type { Cents } from '../money';

export interface BudgetSuggestionTemplate {
  /** Sub-category name in the default tree. */
  subcategory: string;
  dueInFull: boolean;
  amountCents: Cents;
  /** Day of the month a bill falls due. */
  dueDay: number | null;
}

export const DEFAULT_BUDGET_SUGGESTIONS: readonly BudgetSuggestionTemplate[] = [
  { subcategory: 'Rent', dueInFull: true, amountCents: 150_000, dueDay: 1 },
  { subcategory: 'Groceries', dueInFull: false, amountCents: 60_000, dueDay: null },
  { subcategory: 'Electric', dueInFull: true, amountCents: 9_000, dueDay: 15 },
  { subcategory: 'Internet', dueInFull: true, amountCents: 6_500, dueDay: 10 },
  { subcategory: 'Cell Phone', dueInFull: true, amountCents: 7_000, dueDay: 20 },
  { subcategory: 'Fuel', dueInFull: false, amountCents: 15_000, dueDay: null },
  { subcategory: 'Dining Out', dueInFull: false, amountCents: 20_000, dueDay: null },
  { subcategory: 'Auto Insurance', dueInFull: true, amountCents: 13_000, dueDay: 25 },
  { subcategory: 'Streaming Subscriptions', dueInFull: true, amountCents: 2_500, dueDay: 5 },
  { subcategory: 'Entertainment', dueInFull: false, amountCents: 10_000, dueDay: null },
];

/** How many past months of spending a suggestion looks at. */
export const SUGGESTION_HISTORY_MONTHS = 3;

/**
 * The monthly average of the months that had spending, rounded up to whole dollars so the
 * suggestion covers it; the template amount when there is no history.
 */
export function suggestedAmount(monthlySpentCents: readonly Cents[], templateCents: Cents): { amountCents: Cents; fromHistory: boolean } {
  const spentMonths = monthlySpentCents.filter((cents) => cents > 0);
  if (spentMonths.length === 0) return { amountCents: templateCents, fromHistory: false };
  const average = spentMonths.reduce((sum, cents) => sum + cents, 0) / spentMonths.length;
  return { amountCents: Math.ceil(average / 100) * 100, fromHistory: true };
}
