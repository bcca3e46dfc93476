/**
 * Spending over time by one grouping: the names a group goes by, the order of the answer, and
 * the month-by-group table a stacked chart draws (a few largest groups, the rest together).
 */
import { FEELINGS } from '../enums';
import { PURPOSE_LABELS } from '../feelings/purposes';
import type { Feeling, Purpose } from '../ledger/transactions';
import type { Cents } from '../money';
import type { YearMonth } from '../months';
import { reportMonthKey } from './range';

export const SPENDING_GROUPS = ['category', 'subcategory', 'purpose', 'feeling'] as const;
export type SpendingGroup = (typeof SPENDING_GROUPS)[number];

/** How the screens name each grouping. */
export const SPENDING_GROUP_LABELS: Record<SpendingGroup, string> = {
  category: 'Category',
  subcategory: 'Sub-category',
  purpose: 'Purpose',
  feeling: 'Feeling',
};

/** Spending without a split line: no category, hence no sub-category either. */
export const UNCATEGORIZED = 'Uncategorized';
export const NO_PURPOSE = 'No purpose';
export const NO_FEELING = 'No feeling';
/** The chart's band for every group beyond the largest few. */
export const OTHER_GROUPS = 'Everything else';

export function purposeGroupLabel(purpose: Purpose | null): string {
  return purpose === null ? NO_PURPOSE : PURPOSE_LABELS[purpose];
}

export function feelingGroupLabel(feeling: Feeling | null): string {
  return feeling === null ? NO_FEELING : (FEELINGS.find((entry) => entry.value === feeling)?.label ?? feeling);
}

/** A category's or sub-category's name; a null one is spending with no category. */
export function categoryGroupLabel(name: string | null | undefined): string {
  return name ?? UNCATEGORIZED;
}

/** One month's spending in one group. */
export interface SpendingGroupCell {
  /** `YYYY-MM` */
  month: string;
  group: string;
  amountCents: Cents;
}

/**
 * Cells merged by month and label (two ids may share a name, e.g. two 'Other' sub-categories of
 * different categories), zero cells dropped, ordered by month, then largest first, then by name.
 */
export function spendingGroupCells(cells: readonly SpendingGroupCell[]): SpendingGroupCell[] {
  const merged = new Map<string, SpendingGroupCell>();
  for (const cell of cells) {
    const key = `${cell.month}\u0000${cell.group}`;
    const known = merged.get(key);
    merged.set(key, { month: cell.month, group: cell.group, amountCents: (known?.amountCents ?? 0) + cell.amountCents });
  }
  return [...merged.values()]
    .filter((cell) => cell.amountCents !== 0)
    .sort((a, b) => (a.month === b.month ? b.amountCents - a.amountCents || a.group.localeCompare(b.group) : a.month < b.month ? -1 : 1));
}

export interface SpendingPivot {
  /** The groups drawn, largest total first; `OTHER_GROUPS` last when some were put together. */
  groups: string[];
  /** Every month of the range, each group's cents (0 when none) and the month's total. */
  rows: Array<{ month: string; amounts: Record<string, Cents>; totalCents: Cents }>;
}

/** The month-by-group table of a range: the `limit` largest groups by total, the rest as one. */
export function spendingPivot(cells: readonly SpendingGroupCell[], months: readonly YearMonth[], limit: number): SpendingPivot {
  const totals = new Map<string, Cents>();
  for (const cell of cells) totals.set(cell.group, (totals.get(cell.group) ?? 0) + cell.amountCents);
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([group]) => group);
  // Folding a single group into 'Everything else' would hide its name for nothing.
  const folds = ranked.length > limit + 1;
  const shown = folds ? ranked.slice(0, limit) : ranked;
  const shownSet = new Set(shown);
  const groups = folds ? [...shown, OTHER_GROUPS] : shown;
  const rows = months.map((ym) => {
    const month = reportMonthKey(ym);
    const amounts: Record<string, Cents> = Object.fromEntries(groups.map((group) => [group, 0]));
    let totalCents = 0;
    for (const cell of cells) {
      if (cell.month !== month) continue;
      const band = shownSet.has(cell.group) ? cell.group : OTHER_GROUPS;
      amounts[band] = (amounts[band] ?? 0) + cell.amountCents;
      totalCents += cell.amountCents;
    }
    return { month, amounts, totalCents };
  });
  return { groups, rows };
}
