/**
 * The four summary modals of the budgets page (spec §2.5), in a module of their own: the router
 * names their routes from it without taking budget-view.ts and its domain rules into the entry
 * chunk every page loads.
 */
export const SUMMARY_KINDS = [
  'unpaid-bills',
  'paid-bills',
  'flexible-expenses',
  'total-budgeted-spent',
] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];
