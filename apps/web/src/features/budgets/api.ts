/** Budgets (spec §2.5, §7): a month's budgets and figures, one budget, its transactions, suggestions. */
import { useQuery } from '@tanstack/react-query';
import type { CreateBudgetBody, UpdateBudgetBody } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

export const budgetKeys = {
  all: ['budgets'] as const,
  month: (ym: YearMonth) => ['budgets', 'month', ym.year, ym.month] as const,
  search: (query: string, ym: YearMonth) => ['budgets', 'search', query, ym.year, ym.month] as const,
  one: (id: number, ym: YearMonth) => ['budgets', 'one', id, ym.year, ym.month] as const,
  /** Keyed by the budget's spent too: a transaction recorded since shows without waiting 5 minutes. */
  transactions: (id: number, ym: YearMonth, spent: number) =>
    ['budgets', 'transactions', id, ym.year, ym.month, spent] as const,
  unbudgeted: (accountId: number, ym: YearMonth) =>
    ['budgets', 'unbudgeted', accountId, ym.year, ym.month] as const,
  suggestions: ['budgetDefaults'] as const,
};

/** Spec §9: a budget's transaction list is cached for five minutes. */
const TRANSACTIONS_CACHE_MS = 5 * 60_000;

const monthParams = (ym: YearMonth) => ({ month: ym.month, year: ym.year });

export const fetchBudgetsMonth = (ym: YearMonth) => callApi('getBudgetsMonth', { params: monthParams(ym) });
export const searchBudgets = (query: string, ym: YearMonth) =>
  callApi('searchBudgets', { query: { query, month: ym.month, year: ym.year } });
export const fetchBudget = (id: number, ym: YearMonth) =>
  callApi('getBudget', { params: { id }, query: { month: ym.month, year: ym.year } });
export const fetchBudgetTransactions = (id: number, ym: YearMonth) =>
  callApi('listBudgetMonthTransactions', { params: { id, ...monthParams(ym) } });
export const createBudget = (body: CreateBudgetBody) => callApi('createBudget', { body });
export const updateBudget = (id: number, body: UpdateBudgetBody) => callApi('updateBudget', { params: { id }, body });
/** Ends the budget before the given month (DECISIONS.md #17): earlier months keep it. */
export const removeBudget = (id: number, ym: YearMonth) =>
  callApi('deleteBudget', { params: { id }, body: { date: `${ym.month}/${ym.year}` } });
export const fetchSuggestions = () => callApi('listBudgetSuggestions');
export const stopSuggestions = (userId: number) => callApi('stopBudgetSuggestions', { params: { id: userId } });
export const fetchUnbudgeted = (accountId: number, ym: YearMonth) =>
  callApi('listUnbudgetedSubcategories', { params: monthParams(ym), query: { account_id: accountId } });

export function useBudgetsMonth(ym: YearMonth, enabled = true) {
  // Always asked again on opening: a transaction recorded in the ledger moves spent and statuses.
  return useQuery({
    queryKey: budgetKeys.month(ym),
    queryFn: () => fetchBudgetsMonth(ym),
    enabled,
    staleTime: 0,
  });
}

export function useBudgetSearch(query: string, ym: YearMonth) {
  return useQuery({
    queryKey: budgetKeys.search(query, ym),
    queryFn: () => searchBudgets(query, ym),
    enabled: query !== '',
  });
}

export function useBudget(id: number | null, ym: YearMonth) {
  return useQuery({
    queryKey: budgetKeys.one(id ?? 0, ym),
    queryFn: () => fetchBudget(id ?? 0, ym),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The budget's transactions of the month, once its spent figure is known (null while loading). */
export function useBudgetTransactions(id: number | null, ym: YearMonth, spent: number | null) {
  return useQuery({
    queryKey: budgetKeys.transactions(id ?? 0, ym, spent ?? 0),
    queryFn: () => fetchBudgetTransactions(id ?? 0, ym),
    enabled: id !== null && spent !== null,
    staleTime: TRANSACTIONS_CACHE_MS,
  });
}

export function useSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: budgetKeys.suggestions,
    queryFn: fetchSuggestions,
    enabled,
    staleTime: Infinity,
  });
}

export function useUnbudgeted(accountId: number | null, ym: YearMonth) {
  return useQuery({
    queryKey: budgetKeys.unbudgeted(accountId ?? 0, ym),
    queryFn: () => fetchUnbudgeted(accountId ?? 0, ym),
    enabled: accountId !== null,
    staleTime: 0,
  });
}

/** Spec §2.5: summaries recompute whenever budgets or the month's transactions change. */
export async function invalidateBudgets(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: budgetKeys.all });
}
