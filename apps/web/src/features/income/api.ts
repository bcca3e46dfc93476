/** Income sources (DECISIONS.md #4): list, create, update, remove, and a month's expected income. */
import { useQuery } from '@tanstack/react-query';
import type { CreateIncomeSourceBody, UpdateIncomeSourceBody } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';
import { budgetKeys } from '../budgets/api';

export const incomeKeys = {
  all: ['income'] as const,
  list: () => ['income', 'list'] as const,
  expected: (ym: YearMonth) => ['income', 'expected', ym.year, ym.month] as const,
};

export const fetchIncomeSources = () => callApi('listIncomeSources');
export const fetchExpectedIncome = (ym: YearMonth) =>
  callApi('getExpectedIncome', { params: { month: ym.month, year: ym.year } });
export const createIncomeSource = (body: CreateIncomeSourceBody) => callApi('createIncomeSource', { body });
export const updateIncomeSource = (id: number, body: UpdateIncomeSourceBody) =>
  callApi('updateIncomeSource', { params: { id }, body });
export const deleteIncomeSource = (id: number) => callApi('deleteIncomeSource', { params: { id } });

export function useIncomeSources() {
  return useQuery({ queryKey: incomeKeys.list(), queryFn: fetchIncomeSources });
}

export function useExpectedIncome(ym: YearMonth) {
  // Received depends on the ledger, which other screens change: ask again on every visit.
  return useQuery({
    queryKey: incomeKeys.expected(ym),
    queryFn: () => fetchExpectedIncome(ym),
    staleTime: 0,
  });
}

/** A saved, edited or removed source changes the list, every month's expectation and the budgets' figure. */
export async function invalidateIncome(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: incomeKeys.all }),
    queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
  ]);
}
