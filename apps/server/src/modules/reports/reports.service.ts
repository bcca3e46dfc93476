/** The three reports over a range of months: net worth, cash flow, spending by one grouping. */
import type { CashFlowReport, NetWorthReport, ReportRangeQuery, SpendingReport, SpendingReportQuery } from '@mindspend/api-contract';
import {
  type CurrencyCode,
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
  isCurrencyCode,
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
import { type BookScope, bookCurrency } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import { listAccounts, listBalances, balancesByAccount } from '../accounts';
import { rateOn } from '../fx-rates';
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
  const months = reportMonths(range.from, range.to);
  const accounts = await listAccounts(deps.db, scope);
  const history = balancesByAccount(await listBalances(deps.db, scope, accounts.map((account) => account.id)));
  const conversions = await conversionsOf(deps, scope, accounts, months);
  const subjects: NetWorthAccount[] = accounts.map((account) => ({
    id: account.id,
    liability: isLiabilityAccount(account.type_name, account.subtype),
    readings: (history.get(account.id) ?? []).map((row) => ({
      date: row.date,
      availableCents: Number(row.available_balance_cents),
      currentCents: Number(row.current_balance_cents),
    })),
    ...(conversions.has(account.id) && { conversion: conversions.get(account.id) }),
  }));
  // The range's days, and for each account read before the range what its days up to the range add.
  const starts = subjects.flatMap((account) => {
    const before = account.readings.filter((reading) => reading.date < days.from).at(-1);
    return before ? [{ accountId: account.id, after: before.date, ownAmounts: conversions.has(account.id) }] : [];
  });
  // An account in another currency adds up its own amounts, converted at each month end (DECISIONS.md #90).
  const foreign = { accountIds: [...conversions.keys()] };
  const [bookNets, ownNets, carried] = await Promise.all([
    dayNets(deps.db, days),
    foreign.accountIds.length > 0 ? dayNets(deps.db, days, foreign) : [],
    carriedNets(deps.db, scope.bookId, starts, days.from),
  ]);
  const nets = [...bookNets.filter((net) => !conversions.has(net.accountId)), ...ownNets];
  const carrying = subjects.map((account) => ({ ...account, carryCents: carried.get(account.id) ?? 0 }));
  return netWorthByMonth(carrying, nets, months).map((row) => ({
    month: row.month,
    accounts_counted: row.accountsCounted,
    assets: fromCents(row.assetsCents),
    liabilities: fromCents(row.liabilitiesCents),
    net_worth: fromCents(row.netWorthCents),
  }));
}

/**
 * The accounts kept in another currency than the book's, each with its rate on every month end of
 * the range (null where there is none yet), for net worth to count them in the base.
 */
async function conversionsOf(
  deps: AppDeps,
  scope: BookScope,
  accounts: ReadonlyArray<{ id: number; currency: string }>,
  months: readonly YearMonth[],
): Promise<Map<number, NonNullable<NetWorthAccount['conversion']>>> {
  const base = await bookCurrency(deps.db, scope.bookId);
  const byCurrency = new Map<CurrencyCode, Map<string, string | null>>();
  const conversions = new Map<number, NonNullable<NetWorthAccount['conversion']>>();
  for (const account of accounts) {
    const currency = account.currency;
    if (!isCurrencyCode(currency) || currency === base) continue;
    let rates = byCurrency.get(currency);
    if (!rates) {
      rates = new Map();
      for (const ym of months) {
        const monthEnd = monthRange(ym.year, ym.month).to;
        rates.set(monthEnd, (await rateOn(deps.db, scope.bookId, currency, monthEnd))?.rate ?? null);
      }
      byCurrency.set(currency, rates);
    }
    conversions.set(account.id, { currency, base, rateOnMonthEnd: rates });
  }
  return conversions;
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
async function labeller(deps: AppDeps, scope: BookScope, group: SpendingGroup): Promise<(key: RawSpendingCell['key']) => string> {
  if (group === 'purpose') return (key) => purposeGroupLabel(key === null ? null : (String(key) as Purpose));
  if (group === 'feeling') return (key) => feelingGroupLabel(key === null ? null : (String(key) as Feeling));
  const names = new Map((await groupNames(deps.db, scope.bookId, group)).map((row) => [row.id, row.name]));
  return (key) => categoryGroupLabel(key === null ? null : names.get(Number(key)));
}

/** Spending per month and group; only cells with spending, by month then largest first. */
export async function spendingReport(deps: AppDeps, scope: BookScope, query: SpendingReportQuery): Promise<SpendingReport> {
  const range = rangeOf(deps, scope, query);
  const [cells, label] = await Promise.all([spendingCells(deps.db, daysOf(scope, range), query.group, await feelingsOf(deps.db, scope)), labeller(deps, scope, query.group)]);
  return spendingGroupCells(cells.map((cell) => ({ month: cell.month, group: label(cell.key), amountCents: cell.amountCents }))).map((cell) => ({
    month: cell.month,
    group: cell.group,
    amount: fromCents(cell.amountCents),
  }));
}
