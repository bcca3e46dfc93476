/** Insights: 'how did my spending feel?' for a range of months and one account or all of them. */
import type { InsightsQuery, InsightsResponse, RegretLineWire, ShiftLineWire, TriggerDimensionWire } from '@mindspend/api-contract';
import {
  type Feeling,
  type RegretCell,
  type RegretLine,
  type ShiftLine,
  type TriggerDimension,
  type YearMonth,
  addMonths,
  feelingTrend,
  fromCents,
  insightTotals,
  localDateIn,
  monthKeyOf,
  monthRange,
  regretLines,
  regretTriggers,
  shiftLines,
  spendingByCategory,
  spendingByFeeling,
  spendingByPurpose,
  topRegrettedPayees,
} from '@mindspend/domain';
import type { AppDeps } from '../../deps';
import type { BookScope, RequestBook } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import { requireAccount } from '../accounts';
import { categoryCells, categoryNames, entityNames, incomeDates, payeeCells, secondLookCells, spendingCells, triggerCounts } from './insights.repo';
import { togetherFigures, wireTogether } from './together.service';

/** Months the page covers when none are given: the 12 ending with the user's current month. */
export const DEFAULT_INSIGHT_MONTHS = 12;
const UNCATEGORIZED = 'Uncategorized';
const NO_PAYEE = 'No payee';

const parseMonth = (key: string): YearMonth => ({ year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) });

type Sums = { key: number | null; amountCents: number; regrettedCents: number };

/**
 * The category lines of the range with 'Uncategorized': what the lines leave of the range's
 * spending. That is the expenses without split lines, since every write keeps a transaction's
 * lines adding up to its amount (packages/domain/src/ledger/transactions.ts) — except a bank's
 * correction of a split expense's amount, which leaves the lines for the person to rebalance
 * (institutions.repo.ts `adjustSplits`); its unallocated part counts as uncategorized too, and
 * lines that exceed their amount take nothing away from another line (docs/DECISIONS.md #69).
 */
function withUncategorized(lines: RegretCell[], spentCents: number, regrettedCents: number): RegretCell[] {
  const allocated = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const allocatedRegret = lines.reduce((sum, line) => sum + line.regrettedCents, 0);
  const amountCents = spentCents - allocated;
  if (amountCents <= 0) return lines;
  const restRegretted = Math.min(amountCents, Math.max(0, regrettedCents - allocatedRegret));
  return [...lines, { id: null, name: UNCATEGORIZED, amountCents, regrettedCents: restRegretted }];
}

const named = (sums: readonly Sums[], nameOf: (key: number | null) => string): RegretCell[] =>
  sums.map((cell) => ({ id: cell.key, name: nameOf(cell.key), amountCents: cell.amountCents, regrettedCents: cell.regrettedCents }));

const wireLine = (line: RegretLine): RegretLineWire => ({
  id: line.id,
  name: line.name,
  spent: fromCents(line.amountCents),
  regretted: fromCents(line.regrettedCents),
  rate: line.rate,
});

const wireShift = (line: ShiftLine): ShiftLineWire => ({
  id: line.id,
  name: line.name,
  compared: line.compared,
  soured: line.soured,
  warmed: line.warmed,
  changed: line.changed,
  soured_percent: line.souredPercent,
});

/** A trigger dimension on the wire: the same shape, groups copied so the domain's objects stay its own. */
const wireTrigger = (dimension: TriggerDimension): TriggerDimensionWire =>
  dimension.enough ? { enough: true, feelings: dimension.feelings, groups: dimension.groups.map((group) => ({ ...group })) } : { ...dimension };

type LookCell = { key: number | null; first: string | null; second: string; count: number };

/** Second-look cells named for the domain's shift lines (DECISIONS.md #44). */
function namedShifts(cells: readonly LookCell[], nameOf: (key: number | null) => string): ShiftLineWire[] {
  return shiftLines(
    cells.map((cell) => ({ id: cell.key, name: nameOf(cell.key), first: cell.first as Feeling | null, second: cell.second as Feeling, count: cell.count })),
  ).map(wireShift);
}

/**
 * Every figure of the insights page from a few aggregate queries over the range (and two small
 * name look-ups), from the caller's own feelings; `view=together` adds how they meet the feelings
 * the other members share (together.service.ts).
 */
export async function insights(deps: AppDeps, scope: BookScope | RequestBook, query: InsightsQuery): Promise<InsightsResponse> {
  const today = localDateIn(scope.timeZone, deps.clock.now());
  const to = query.to ? parseMonth(query.to) : { year: today.year, month: today.month };
  const from = query.from ? parseMonth(query.from) : addMonths(to, -(DEFAULT_INSIGHT_MONTHS - 1));
  if (query.account_id !== undefined) await requireAccount(deps.db, scope, query.account_id);
  const mine = await feelingsOf(deps.db, scope);
  const range = {
    bookId: scope.bookId,
    hiddenAccountIds: scope.hiddenAccountIds,
    from: monthRange(from.year, from.month).from,
    to: monthRange(to.year, to.month).to,
    accountId: query.account_id,
    feelings: mine,
  };
  const [cells, payeeSums, categorySums, tree, looks, felt, incomes, together] = await Promise.all([
    spendingCells(deps.db, range),
    payeeCells(deps.db, range),
    categoryCells(deps.db, range),
    categoryNames(deps.db),
    secondLookCells(deps.db, range),
    triggerCounts(deps.db, range),
    incomeDates(deps.db, range),
    query.view === 'together' ? togetherFigures(deps.db, scope, range, mine.shared) : undefined,
  ]);
  const payeeIds = [...payeeSums, ...(together?.regret.byPayee ?? [])].flatMap((cell) => (cell.key === null ? [] : [cell.key]));
  const names = new Map((await entityNames(deps.db, scope.bookId, payeeIds)).map((row) => [row.id, row.name]));
  const categoryName = new Map(tree.map((row) => [row.id, row.name]));
  const nameOfCategory = (key: number | null) => (key === null ? undefined : categoryName.get(key)) ?? UNCATEGORIZED;
  const nameOfPayee = (key: number | null) => (key === null ? undefined : names.get(key)) ?? NO_PAYEE;

  const totals = insightTotals(cells);
  const categories = withUncategorized(named(categorySums, nameOfCategory), totals.spentCents, totals.regrettedCents);
  const payees = named(payeeSums, nameOfPayee);
  const feelings = spendingByFeeling(cells);
  const triggers = regretTriggers(felt, incomes);
  const purposes = spendingByPurpose(cells);
  const withPurpose = purposes.reduce((sum, share) => sum + share.amountCents, 0);

  return {
    from: monthKeyOf(from),
    to: monthKeyOf(to),
    account_id: query.account_id ?? null,
    totals: {
      spent: fromCents(totals.spentCents),
      transaction_count: totals.count,
      tagged: fromCents(totals.taggedCents),
      untagged: fromCents(totals.spentCents - totals.taggedCents),
      with_purpose: fromCents(withPurpose),
    },
    by_feeling: feelings.map((share) => ({
      feeling: share.key,
      label: share.label,
      amount: fromCents(share.amountCents),
      count: share.count,
      percent: share.percent,
    })),
    by_purpose: purposes.map((share) => ({ purpose: share.key, amount: fromCents(share.amountCents), count: share.count, percent: share.percent })),
    regret: {
      rate: totals.regretRate,
      regretted: fromCents(totals.regrettedCents),
      by_category: regretLines(categories).map(wireLine),
      by_payee: regretLines(payees).map(wireLine),
      top_payees: topRegrettedPayees(payees).map(wireLine),
    },
    trend: feelingTrend(cells, from, to).map((bucket) => ({
      month: bucket.month,
      year: bucket.year,
      positive: fromCents(bucket.positive),
      neutral: fromCents(bucket.neutral),
      negative: fromCents(bucket.negative),
      mixed: fromCents(bucket.mixed),
    })),
    by_category: spendingByCategory(categories).map((share) => ({
      id: share.key.id,
      name: share.key.name,
      amount: fromCents(share.amountCents),
      percent: share.percent,
    })),
    shifts: {
      by_category: namedShifts(looks.byCategory, nameOfCategory),
      by_payee: namedShifts(looks.byPayee, nameOfPayee),
    },
    triggers: {
      weekday: wireTrigger(triggers.weekday),
      days_since_income: wireTrigger(triggers.daysSinceIncome),
      payment_method: wireTrigger(triggers.paymentMethod),
      amount_band: wireTrigger(triggers.amountBand),
    },
    together: together ? wireTogether(together, nameOfPayee, nameOfCategory) : null,
  };
}
