/** How this server takes cards (DECISIONS.md #30): Stripe's element with its publishable key, or our own fields. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-routes';

export const fetchBillingConfig = () => callApi('getBillingConfig', { skipAuth: true });

/** Fixed while the server runs, so it is read once per page load. */
export function useBillingConfig() {
  return useQuery({
    queryKey: ['billing-config'],
    queryFn: fetchBillingConfig,
    staleTime: Infinity,
    retry: 2,
  });
}
