/** The current month (spec §2.1 guard and landing route, DECISIONS.md #13). */
import { useQuery } from '@tanstack/react-query';
import type { MonthResponse } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { callApi } from './api-routes';
import { useSession } from './use-session';

export const monthQueryKey = ['month'] as const;

/** Today's month by the browser's clock: the fallback when the server cannot be asked. */
export function browserMonth(now = new Date()): YearMonth {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** Fetches today's date in the signed-in user's timezone. */
export function fetchMonth(): Promise<MonthResponse> {
  return callApi('getCurrentMonth');
}

/**
 * The current month: the server's answer when signed in, the browser's date otherwise or
 * while that answer is pending or failed. `ready` is false only while the first answer loads.
 */
export function useCurrentMonth(): { month: YearMonth; ready: boolean } {
  const { token } = useSession();
  const query = useQuery({
    queryKey: monthQueryKey,
    queryFn: fetchMonth,
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: 0,
  });
  if (token && query.data) return { month: { year: query.data.year, month: query.data.month }, ready: true };
  return { month: browserMonth(), ready: !token || !query.isPending };
}
