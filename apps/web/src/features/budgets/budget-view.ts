/** What the budgets page derives from the month's answer: tabs, names, summary lists (spec §2.5). */
import type { Budget, BudgetsMonthResponse } from '@mindspend/api-contract';
import {
  isBillPaid,
  isBillUnpaid,
  listedInSummary,
  toCents,
  unpaidBillCents,
  type BudgetFigures,
} from '@mindspend/domain';

export const BUDGET_TABS = ['combined', 'bills', 'flexible'] as const;
export type BudgetTab = (typeof BUDGET_TABS)[number];

/** Tab label, and the singular and plural names the empty state uses. */
export const TAB_NAMES: Record<BudgetTab, { label: string; singular: string; plural: string }> = {
  combined: { label: 'Combined', singular: 'budget', plural: 'budgets' },
  bills: { label: 'Bills', singular: 'bill', plural: 'bills' },
  flexible: { label: 'Flexible Expenses', singular: 'flexible expense', plural: 'flexible expenses' },
};

export function budgetsOfTab(budgets: readonly Budget[], tab: BudgetTab): Budget[] {
  if (tab === 'bills') return budgets.filter((budget) => budget.due_in_full === 1);
  if (tab === 'flexible') return budgets.filter((budget) => budget.due_in_full === 0);
  return [...budgets];
}

export function emptyText(tab: BudgetTab, monthLabel: string): string {
  const names = TAB_NAMES[tab];
  return `You have no ${names.plural} for ${monthLabel}. Create a new ${names.singular} using the button above.`;
}

/**
 * One budget's figures as the answer carries them, in the domain's terms (cents, booleans), so the
 * domain's rules decide which summary lists show it; nothing here recomputes a figure.
 */
export function figuresOf(budget: Budget): BudgetFigures {
  return {
    dueInFull: budget.due_in_full === 1,
    amountCents: toCents(budget.month_amount),
    spentCents: toCents(budget.spent),
    remainingCents: toCents(budget.remaining),
    ignore: budget.ignore === 1,
    hasBeenPaid: budget.has_been_paid === 1,
  };
}

import { type SummaryKind } from './summary-kinds';

export { SUMMARY_KINDS, type SummaryKind } from './summary-kinds';

export const SUMMARY_TITLES: Record<SummaryKind, string> = {
  'unpaid-bills': 'Unpaid Bills',
  'paid-bills': 'Paid Bills',
  'flexible-expenses': 'Flexible Expenses',
  'total-budgeted-spent': 'Total Budgeted Spent',
};

export interface SummaryList {
  title: string;
  empty: string;
  totalLabel: string;
  countLabel: string;
  totalCents: number;
  count: number;
  budgets: Budget[];
}

/**
 * The four summary modals: which budgets each lists, and the total and count it shows. Totals
 * and bill counts are the month's summary figures as the server sent them (the same sums of the
 * same budgets: only budgets that spent nothing and planned nothing are left off the lists).
 */
export function summaryList(kind: SummaryKind, month: BudgetsMonthResponse): SummaryList {
  const { summary } = month;
  const active = month.budgets.filter((budget) => budget.ignore === 0);
  const bills = active.filter((budget) => budget.due_in_full === 1);
  if (kind === 'unpaid-bills') {
    const unpaid = bills.filter((budget) => isBillUnpaid(figuresOf(budget)));
    return {
      title: SUMMARY_TITLES['unpaid-bills'],
      empty: 'All bills are paid for this month! 🎉',
      totalLabel: 'Total Unpaid Bills',
      countLabel: 'Number of Unpaid Bills',
      totalCents: toCents(summary.bills.unpaid),
      count: summary.bills.unpaid_count,
      budgets: unpaid,
    };
  }
  if (kind === 'paid-bills') {
    const paid = bills.filter((budget) => isBillPaid(figuresOf(budget)));
    return {
      title: SUMMARY_TITLES['paid-bills'],
      empty: 'No bills have been paid for this month yet.',
      totalLabel: 'Total Paid Bills',
      countLabel: 'Number of Paid Bills',
      totalCents: toCents(summary.bills.paid),
      count: summary.bills.paid_count,
      budgets: paid,
    };
  }
  if (kind === 'flexible-expenses') {
    const flexible = active.filter(
      (budget) => budget.due_in_full === 0 && listedInSummary(figuresOf(budget)),
    );
    return {
      title: SUMMARY_TITLES['flexible-expenses'],
      empty: 'No flexible expenses for this month.',
      totalLabel: 'Total Flexible Expenses Spent',
      countLabel: 'Number of Categories',
      totalCents: toCents(summary.flexible.spent),
      count: flexible.length,
      budgets: flexible,
    };
  }
  const listed = active.filter((budget) => listedInSummary(figuresOf(budget)));
  return {
    title: SUMMARY_TITLES['total-budgeted-spent'],
    empty: 'No expenses for this month.',
    totalLabel: 'Total Spent',
    countLabel: 'Number of Categories',
    totalCents: toCents(summary.combined.total_budgeted_spent),
    count: listed.length,
    budgets: listed,
  };
}

/** The amount a bill row of a summary modal shows: what an unpaid bill still needs, else its amount. */
export function billRowCents(kind: 'unpaid-bills' | 'paid-bills', budget: Budget): number {
  return kind === 'unpaid-bills' ? unpaidBillCents(figuresOf(budget)) : toCents(budget.month_amount);
}

export const budgetTransactionsPath = (id: number, year: number, month: number) =>
  `/budgets/${id}/year/${year}/month/${month}/transactions`;
export const budgetMonthPath = (id: number, year: number, month: number) =>
  `/budgets/${id}/year/${year}/month/${month}`;
export const editBudgetPath = (id: number, year: number, month: number) =>
  `/edit-budget/${id}/${year}/${month}`;

/**
 * The month's budget of a sub-category, whose transactions a transaction's details link to
 * (spec §2.4 Transaction Details); null when that sub-category has no budget that month.
 */
export function budgetOfSubcategory(budgets: readonly Budget[], subcategoryId: number): Budget | null {
  return budgets.find((budget) => budget.transaction_subcategory_id === subcategoryId) ?? null;
}
