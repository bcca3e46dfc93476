/** GET /reports/net-worth, /reports/cash-flow and /reports/spending for the chosen range. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CashFlowReport, NetWorthReport, SpendingReport } from '@mindspend/api-contract';
import type { SpendingGroup } from '@mindspend/domain';
import { api } from '../../lib/api-client';
import { type ReportFilters, rangeQuery } from './report-range';

function useReport<T>(path: string) {
  return useQuery({
    queryKey: ['reports', path],
    queryFn: () => api.get<T>(path),
    // The last figures stay on screen while another range loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}

export const useNetWorth = (filters: ReportFilters) => useReport<NetWorthReport>(`/reports/net-worth?${rangeQuery(filters)}`);
export const useCashFlow = (filters: ReportFilters) => useReport<CashFlowReport>(`/reports/cash-flow?${rangeQuery(filters)}`);
export const useSpending = (filters: ReportFilters, group: SpendingGroup) =>
  useReport<SpendingReport>(`/reports/spending?${rangeQuery(filters)}&group=${group}`);
