/** The three reports over a range of months: net worth, cash flow, spending by one grouping. */
import type { CashFlowReport, NetWorthReport, ReportRangeQuery, SpendingReport, SpendingReportQuery } from '@mindspend/api-contract';
import {
  type Feeling,
  type NetWorthAccount,
  type Purpose,
  type SpendingGroup,
  type YearMonth,
  cashFlowByMonth,
  categoryGroupLabel,
  defaultReportRange,
  feelingGroupLabel,
  fromCents,
  isLiabilityAccount,
  localDateIn,
  monthRange,
  netWorthByMonth,
  parseReportMonth,
  purposeGroupLabel,
  reportMonths,
  spendingGroupCells,
} from '@mindspend/domain';
import type { AppDeps } from '../../deps';
import type { BookScope } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import { listAccounts, listBalances, balancesByAccount } from '../accounts';
import { type RawSpendingCell, type ReportDays, carriedNets, cashFlowCells, dayNets, groupNames, spendingCells } from './reports.repo';

/** The chosen months, or the 12 ending with the user's current month (the contract checked the rest). */
function rangeOf(deps: AppDeps, scope: BookScope, query: ReportRangeQuery): { from: YearMonth; to: YearMonth } {
  const from = query.from === undefined ? null : parseReportMonth(query.from);
  const to = query.to === undefined ? null : parseReportMonth(query.to);
  if (from && to) return { from, to };
  const today = localDateIn(scope.timeZone, deps.clock.now());
  return defaultReportRange({ year: today.year, month: today.month });
}

function daysOf(scope: BookScope, range: { from: YearMonth; to: YearMonth }): ReportDays {
  return { bookId: scope.bookId, hiddenAccountIds: scope.hiddenAccountIds, from: monthRange(range.from.year, range.from.month).from, to: monthRange(range.to.year, range.to.month).to };
}

/**
 * Balances at each month's end by the accounts screen's rule (latest reading by then, else the
 * first, plus the net change since it), cards counted as what is owed (docs/DECISIONS.md #53).
 */
export async function netWorthReport(deps: AppDeps, scope: BookScope, query: ReportRangeQuery): Promise<NetWorthReport> {
  const range = rangeOf(deps, scope, query);
  const days = daysOf(scope, range);
  const accounts = await listAccounts(deps.db, scope);
  const history = balancesByAccount(await listBalances(deps.db, scope, accounts.map((account) => account.id)));
  const subjects: NetWorthAccount[] = accounts.map((account) => ({
    id: account.id,
    liability: isLiabilityAccount(account.type_name, account.subtype),
    readings: (history.get(account.id) ?? []).map((row) => ({
      date: row.date,
      availableCents: Number(row.available_balance_cents),
      currentCents: Number(row.current_balance_cents),
    })),
  }));
  // The range's days, and for each account read before the range what its days up to the range add.
  const starts = subjects.flatMap((account) => {
    const before = account.readings.filter((reading) => reading.date < days.from).at(-1);
    return before ? [{ accountId: account.id, after: before.date }] : [];
  });
  const [nets, carried] = await Promise.all([dayNets(deps.db, days), carriedNets(deps.db, scope.bookId, starts, days.from)]);
  const carrying = subjects.map((account) => ({ ...account, carryCents: carried.get(account.id) ?? 0 }));
  return netWorthByMonth(carrying, nets, reportMonths(range.from, range.to)).map((row) => ({
    month: row.month,
    accounts_counted: row.accountsCounted,
    assets: fromCents(row.assetsCents),
    liabilities: fromCents(row.liabilitiesCents),
    net_worth: fromCents(row.netWorthCents),
  }));
}

/** Income, expenses and net for every month of the range, transfers left out. */
export async function cashFlowReport(deps: AppDeps, scope: BookScope, query: ReportRangeQuery): Promise<CashFlowReport> {
  const range = rangeOf(deps, scope, query);
  const cells = await cashFlowCells(deps.db, daysOf(scope, range));
  return cashFlowByMonth(cells, reportMonths(range.from, range.to)).map((row) => ({
    month: row.month,
    income: fromCents(row.incomeCents),
    expenses: fromCents(row.expensesCents),
    net: fromCents(row.netCents),
  }));
}

/** The label of a cell's key for the grouping: a name from the category tree, a purpose, a feeling. */
async function labeller(deps: AppDeps, group: SpendingGroup): Promise<(key: RawSpendingCell['key']) => string> {
  if (group === 'purpose') return (key) => purposeGroupLabel(key === null ? null : (String(key) as Purpose));
  if (group === 'feeling') return (key) => feelingGroupLabel(key === null ? null : (String(key) as Feeling));
  const names = new Map((await groupNames(deps.db, group)).map((row) => [row.id, row.name]));
  return (key) => categoryGroupLabel(key === null ? null : names.get(Number(key)));
}

/** Spending per month and group; only cells with spending, by month then largest first. */
export async function spendingReport(deps: AppDeps, scope: BookScope, query: SpendingReportQuery): Promise<SpendingReport> {
  const range = rangeOf(deps, scope, query);
  const [cells, label] = await Promise.all([spendingCells(deps.db, daysOf(scope, range), query.group, await feelingsOf(deps.db, scope)), labeller(deps, query.group)]);
  return spendingGroupCells(cells.map((cell) => ({ month: cell.month, group: label(cell.key), amountCents: cell.amountCents }))).map((cell) => ({
    month: cell.month,
    group: cell.group,
    amount: fromCents(cell.amountCents),
  }));
}
