/** GET /insights for a month range and account. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsightsResponse } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { insightsPath, type InsightsFilters } from './insights-range';

export function useInsights(filters: InsightsFilters) {
  const path = insightsPath(filters);
  return useQuery({
    queryKey: ['insights', path],
    queryFn: () => api.get<InsightsResponse>(path),
    // Keep the last figures on screen while the next range loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}
