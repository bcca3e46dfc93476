/** Calls of the ledger's accounts (spec §7): list, types, month figures, create, update, remove. */
import { useQuery } from '@tanstack/react-query';
import type { CreateAccountBody, UpdateAccountBody } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => ['accounts', 'list'] as const,
  types: () => ['accounts', 'types'] as const,
  month: (ym: YearMonth) => ['accounts', 'month', ym.year, ym.month] as const,
};

export const fetchAccounts = () => callApi('listAccounts');
export const fetchAccountTypes = () => callApi('listAccountTypes');
export const fetchAccountMonths = (ym: YearMonth) => callApi('listAccountMonths', { params: { month: ym.month, year: ym.year } });

export const createAccount = (body: CreateAccountBody) => callApi('createAccount', { body });
export const updateAccount = (id: number, body: UpdateAccountBody) => callApi('updateAccount', { params: { id }, body });
export const deleteAccount = (id: number) => callApi('deleteAccount', { params: { id } });

/** Spec §2.3: when the accounts cannot be loaded, ask again after 100 ms. */
const ACCOUNTS_RETRY_MS = 100;

export function useAccounts() {
  return useQuery({ queryKey: accountKeys.list(), queryFn: fetchAccounts, retryDelay: ACCOUNTS_RETRY_MS });
}

export function useAccountTypes() {
  return useQuery({ queryKey: accountKeys.types(), queryFn: fetchAccountTypes, staleTime: Infinity });
}

/** Every account with its figures for one month (income, expenses, ending balance of spec §9). */
export function useAccountMonths(ym: YearMonth, enabled = true) {
  return useQuery({ queryKey: accountKeys.month(ym), queryFn: () => fetchAccountMonths(ym), enabled });
}

/** After an account or its balance changes, every list and month figure is re-read. */
export function invalidateAccounts(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountKeys.all });
}
