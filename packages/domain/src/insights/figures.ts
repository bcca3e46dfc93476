/**
 * Insights: how spending felt over a range of months — by feeling, by purpose, the regret rate by
 * category and payee, a monthly trend of the four feelings, and spending by category.
 */
import { FEELINGS } from '../enums';
import type { Cents } from '../money';
import { type YearMonth, addMonths, compareMonths } from '../months';
import { wholePercentages } from '../ledger/percentages';
import { type Feeling, FEELING_VALUES, PURPOSE_VALUES, type Purpose } from '../ledger/transactions';

/** Longest range the insights page answers for, in months. */
export const MAX_INSIGHT_MONTHS = 36;
/** How many of the most regretted payees are listed. */
export const TOP_REGRETTED_PAYEES = 5;

/** Expense spending of one month with one feeling and one purpose (either may be missing). */
export interface SpendingCell {
  /** `YYYY-MM` */
  monthKey: string;
  feeling: string | null;
  purpose: string | null;
  amountCents: Cents;
  count: number;
}

/** Spending of one category or payee, and the part of it tagged 'Regretted it'. */
export interface RegretCell {
  id: number | null;
  name: string;
  amountCents: Cents;
  regrettedCents: Cents;
}

export interface Share<K> {
  key: K;
  amountCents: Cents;
  count: number;
  /** Whole percent; the shares of one list add up to 100 (or are all 0). */
  percent: number;
}

export interface RegretLine extends RegretCell {
  /** Percent of the spending regretted, one decimal. */
  rate: number;
}

export type TrendBucket = YearMonth & Record<Feeling, Cents>;

/** Every month from `from` to `to`, both included; empty when `to` is before `from`. */
export function monthsOfRange(from: YearMonth, to: YearMonth): YearMonth[] {
  const months: YearMonth[] = [];
  for (let ym = from; compareMonths(ym, to) <= 0; ym = addMonths(ym, 1)) months.push(ym);
  return months;
}

/** `YYYY-MM` of a month. */
export function monthKeyOf(ym: YearMonth): string {
  return `${ym.year}-${String(ym.month).padStart(2, '0')}`;
}

/** Amount and whole-number percent of each key, percentages summing to 100 (largest remainder). */
export function sharesOf<K>(keys: readonly K[], amountOf: (key: K) => Cents, countOf: (key: K) => number = () => 0): Share<K>[] {
  const amounts = keys.map(amountOf);
  const percents = wholePercentages(amounts);
  return keys.map((key, index) => ({ key, amountCents: amounts[index] ?? 0, count: countOf(key), percent: percents[index] ?? 0 }));
}

function sumWhere(cells: readonly SpendingCell[], keep: (cell: SpendingCell) => boolean, pick: (cell: SpendingCell) => number): number {
  return cells.reduce((sum, cell) => (keep(cell) ? sum + pick(cell) : sum), 0);
}

/** Tagged spending by feeling, in the spec's order, with whole-number percentages of the tagged total. */
export function spendingByFeeling(cells: readonly SpendingCell[]): Array<Share<Feeling> & { label: string }> {
  const shares = sharesOf(
    FEELING_VALUES,
    (feeling) => sumWhere(cells, (cell) => cell.feeling === feeling, (cell) => cell.amountCents),
    (feeling) => sumWhere(cells, (cell) => cell.feeling === feeling, (cell) => cell.count),
  );
  return shares.map((share) => ({ ...share, label: FEELINGS.find((f) => f.value === share.key)?.label ?? share.key }));
}

/** Spending with a purpose, by purpose, with whole-number percentages of that total. */
export function spendingByPurpose(cells: readonly SpendingCell[]): Array<Share<Purpose>> {
  return sharesOf(
    PURPOSE_VALUES,
    (purpose) => sumWhere(cells, (cell) => cell.purpose === purpose, (cell) => cell.amountCents),
    (purpose) => sumWhere(cells, (cell) => cell.purpose === purpose, (cell) => cell.count),
  );
}

/** Share of spending tagged 'Regretted it', in percent with one decimal; 0 with no spending. */
export function regretRate(regrettedCents: Cents, spentCents: Cents): number {
  if (spentCents <= 0) return 0;
  return Math.round((Math.max(0, regrettedCents) / spentCents) * 1000) / 10;
}

/** Regret rate of each category or payee with spending, most regretted amount first. */
export function regretLines(cells: readonly RegretCell[]): RegretLine[] {
  return cells
    .filter((cell) => cell.amountCents > 0)
    .map((cell) => ({ ...cell, rate: regretRate(cell.regrettedCents, cell.amountCents) }))
    .sort((a, b) => b.regrettedCents - a.regrettedCents || b.rate - a.rate || a.name.localeCompare(b.name));
}

/** The payees with the most regretted spending (only those with some). */
export function topRegrettedPayees(cells: readonly RegretCell[], limit = TOP_REGRETTED_PAYEES): RegretLine[] {
  return regretLines(cells.filter((cell) => cell.regrettedCents > 0)).slice(0, limit);
}

/** Spending per feeling for each month of the range, empty months included with zeros. */
export function feelingTrend(cells: readonly SpendingCell[], from: YearMonth, to: YearMonth): TrendBucket[] {
  return monthsOfRange(from, to).map((ym) => {
    const key = monthKeyOf(ym);
    const inMonth = cells.filter((cell) => cell.monthKey === key);
    const bucket = { ...ym, positive: 0, neutral: 0, negative: 0, mixed: 0 };
    for (const feeling of FEELING_VALUES) {
      bucket[feeling] = sumWhere(inMonth, (cell) => cell.feeling === feeling, (cell) => cell.amountCents);
    }
    return bucket;
  });
}

/** Spending per category, largest first, with whole-number percentages summing to 100. */
export function spendingByCategory(cells: readonly RegretCell[]): Array<Share<RegretCell>> {
  const sorted = cells.filter((cell) => cell.amountCents > 0).sort((a, b) => b.amountCents - a.amountCents || a.name.localeCompare(b.name));
  return sharesOf(sorted, (cell) => cell.amountCents);
}

export interface InsightTotals {
  spentCents: Cents;
  count: number;
  /** Spending with a feeling. */
  taggedCents: Cents;
  regrettedCents: Cents;
  /** Share of all spending regretted, percent with one decimal. */
  regretRate: number;
}

/** Totals of the range: all spending, the part with a feeling, the regretted part and its rate. */
export function insightTotals(cells: readonly SpendingCell[]): InsightTotals {
  const all = () => true;
  const spentCents = sumWhere(cells, all, (cell) => cell.amountCents);
  const regrettedCents = sumWhere(cells, (cell) => cell.feeling === 'negative', (cell) => cell.amountCents);
  return {
    spentCents,
    count: sumWhere(cells, all, (cell) => cell.count),
    taggedCents: sumWhere(cells, (cell) => cell.feeling !== null && (FEELING_VALUES as readonly string[]).includes(cell.feeling), (cell) => cell.amountCents),
    regrettedCents,
    regretRate: regretRate(regrettedCents, spentCents),
  };
}
