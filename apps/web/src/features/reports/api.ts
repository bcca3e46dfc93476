/** The reports getNetWorthReport, getCashFlowReport and getSpendingReport for the chosen range. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SpendingGroup } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { type ReportFilters, rangeQuery } from './report-range';

function useReport<T>(key: readonly unknown[], fetchReport: () => Promise<T>) {
  return useQuery({
    queryKey: ['reports', ...key],
    queryFn: fetchReport,
    // The last figures stay on screen while another range loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useNetWorth(filters: ReportFilters) {
  const query = rangeQuery(filters);
  return useReport(['net-worth', query], () => callApi('getNetWorthReport', { query }));
}

export function useCashFlow(filters: ReportFilters) {
  const query = rangeQuery(filters);
  return useReport(['cash-flow', query], () => callApi('getCashFlowReport', { query }));
}

export function useSpending(filters: ReportFilters, group: SpendingGroup) {
  const query = { ...rangeQuery(filters), group };
  return useReport(['spending', query], () => callApi('getSpendingReport', { query }));
}
