/** GET /insights for a month range and account, in one view: the caller's own feelings or together. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsightView, InsightsResponse } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { insightsPath, type InsightsFilters } from './insights-range';

export function useInsights(filters: InsightsFilters, view: InsightView = 'me') {
  const path = insightsPath(filters, view);
  return useQuery({
    // One entry per view, named in the key itself: the path leaves the default view `me` out.
    queryKey: ['insights', view, path],
    queryFn: () => api.get<InsightsResponse>(path),
    // Keep the last figures on screen while the next range loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}
