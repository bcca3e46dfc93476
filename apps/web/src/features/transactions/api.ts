/** Transactions (spec §7): a month of one account, one, create, update, remove. */
import { hashKey, useQuery } from '@tanstack/react-query';
import type { TransactionBody } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';
import { accountKeys } from '../accounts/api';

export const transactionKeys = {
  all: ['transactions'] as const,
  month: (accountId: number, ym: YearMonth) => ['transactions', 'month', accountId, ym.year, ym.month] as const,
  one: (id: number) => ['transactions', 'one', id] as const,
};

/** Spec §4: transaction lists per account, month and year are cached for five minutes. */
export const MONTH_CACHE_MS = 5 * 60_000;

export const fetchMonthTransactions = (accountId: number, ym: YearMonth) =>
  callApi('listAccountMonthTransactions', { params: { id: accountId, month: ym.month, year: ym.year } });
export const fetchTransaction = (id: number) => callApi('getTransaction', { params: { id } });
/** `idempotencyKey`: the same key on every attempt, so a retry after a lost answer writes once. */
export const createTransaction = (accountId: number, body: TransactionBody, idempotencyKey?: string) =>
  callApi('createTransaction', { params: { id: accountId }, body, idempotencyKey });
export const updateTransaction = (id: number, body: TransactionBody) => callApi('updateTransaction', { params: { id }, body });
export const deleteTransaction = (id: number) => callApi('deleteTransaction', { params: { id } });

export function useMonthTransactions(accountId: number | null, ym: YearMonth) {
  return useQuery({
    queryKey: transactionKeys.month(accountId ?? 0, ym),
    queryFn: () => fetchMonthTransactions(accountId ?? 0, ym),
    enabled: accountId !== null,
    staleTime: MONTH_CACHE_MS,
  });
}

/** The usual feeling and purpose at a payee, else in a sub-category (DECISIONS.md #46). */
export function useFeelingSuggestion(entityId: number | null, subcategoryId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['suggestions', 'feeling', entityId, subcategoryId] as const,
    queryFn: () => callApi('suggestFeeling', { query: { entity_id: entityId, subcategory_id: subcategoryId } }),
    enabled: enabled && (entityId !== null || subcategoryId !== null),
    staleTime: 60_000,
  });
}

export function useTransaction(id: number | null) {
  return useQuery({ queryKey: transactionKeys.one(id ?? 0), queryFn: () => fetchTransaction(id ?? 0), enabled: id !== null });
}

/** A saved or removed transaction changes the month lists and the accounts' month figures. */
export async function invalidateTransactions(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  ]);
}

/**
 * After a removal: the month lists and accounts refresh as after any change, but the removed
 * transaction's own answer is left alone. Its modal is still open while this runs, so
 * invalidating it would ask the server for it again and get a 404 (issue 13); the unused entry
 * is garbage-collected like any other.
 */
export async function invalidateRemovedTransaction(id: number): Promise<void> {
  const gone = hashKey(transactionKeys.one(id));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionKeys.all, predicate: (query) => query.queryHash !== gone }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  ]);
}
