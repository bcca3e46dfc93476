/** How this server takes cards (DECISIONS.md #30): Stripe's element with its publishable key, or our own fields. */
import { useQuery } from '@tanstack/react-query';
import type { BillingConfig } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';

export const fetchBillingConfig = () => api.get<BillingConfig>('/billing/config', { skipAuth: true });

/** Fixed while the server runs, so it is read once per page load. */
export function useBillingConfig() {
  return useQuery({
    queryKey: ['billing-config'],
    queryFn: fetchBillingConfig,
    staleTime: Infinity,
    retry: 2,
  });
}
