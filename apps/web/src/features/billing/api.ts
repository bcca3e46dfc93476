/** How this server takes cards (DECISIONS.md #30): Stripe's element with its publishable key, or our own fields. */
import { callApi } from '../../lib/api-routes';
import { createServerValue, useServerValue } from '../../lib/server-value';

export const fetchBillingConfig = () => callApi('getBillingConfig', { skipAuth: true });

/**
 * Fixed while the server runs, so it is read once per page load; a server value, not a query, as
 * the sign-up page loads no query library (DECISIONS.md #115).
 */
export const billingConfig = createServerValue(fetchBillingConfig, { freshMs: Infinity, retry: true });

export function useBillingConfig() {
  return useServerValue(billingConfig, 'server');
}
