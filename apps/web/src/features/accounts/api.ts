/** Calls of the ledger's accounts (spec §7): list, types, month figures, create, update, remove. */
import { useQuery } from '@tanstack/react-query';
import type {
  Account,
  AccountMonth,
  AccountType,
  CreateAccountBody,
  UpdateAccountBody,
} from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => ['accounts', 'list'] as const,
  types: () => ['accounts', 'types'] as const,
  month: (ym: YearMonth) => ['accounts', 'month', ym.year, ym.month] as const,
};

export const fetchAccounts = () => api.get<Account[]>('/accounts');
export const fetchAccountTypes = () => api.get<AccountType[]>('/accounts/types');
export const fetchAccountMonths = (ym: YearMonth) => api.get<AccountMonth[]>(`/accounts/month/${ym.month}/year/${ym.year}`);

export const createAccount = (body: CreateAccountBody) => api.post<Account>('/accounts', body);
export const updateAccount = (id: number, body: UpdateAccountBody) => api.put<Account>(`/accounts/${id}`, body);
export const deleteAccount = (id: number) => api.delete<null>(`/accounts/${id}`);

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
