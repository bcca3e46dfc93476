/**
 * Exchange rates in Settings (DECISIONS.md #87): a span of days' rates of the current book in its
 * base currency, and a member's own rate of a day, entered or removed.
 */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

const fxRatesKey = ['fx-rates'] as const;

/**
 * The last 30 days' rates of one currency (null: every currency). The base currency is in the key,
 * so a change of base reads the rates again.
 */
export function useFxRates(baseCurrency: string | undefined, currency: string | null) {
  return useQuery({
    queryKey: [...fxRatesKey, baseCurrency, currency],
    queryFn: () => callApi('listFxRates', { query: { currency, from: null, to: null } }),
    enabled: baseCurrency !== undefined,
  });
}

function invalidateFxRates(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: fxRatesKey });
}

/** The member's own rate of `currency` on `date` (editors and owners), over the ECB's that day. */
export async function saveFxRate(currency: string, date: string, rate: string): Promise<void> {
  await callApi('setFxRate', { params: { currency, date }, body: { rate } });
  await invalidateFxRates();
}

/** Removes the member's own rate of a day: the ECB's, or the latest earlier rate, holds again. */
export async function removeFxRate(currency: string, date: string): Promise<void> {
  await callApi('deleteFxRate', { params: { currency, date } });
  await invalidateFxRates();
}
