/** getInsights for a month range and account, in one view: the caller's own feelings or together. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsightView } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { insightsQuery, type InsightsFilters } from './insights-range';

export function useInsights(filters: InsightsFilters, view: InsightView = 'me') {
  const query = insightsQuery(filters, view);
  return useQuery({
    // One entry per view, named in the key itself: the query leaves the default view `me` out.
    queryKey: ['insights', view, query],
    queryFn: () => callApi('getInsights', { query }),
    // Keep the last figures on screen while the next range loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}
