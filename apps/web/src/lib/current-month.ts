/** The current month (spec §2.1 guard and landing route, DECISIONS.md #13). */
import type { MonthResponse } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { callApi } from './api-routes';
import { createServerValue, useServerValue } from './server-value';
import { useSession } from './use-session';

/** Today's month by the browser's clock: the fallback when the server cannot be asked. */
export function browserMonth(now = new Date()): YearMonth {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/**
 * Today's date in the signed-in user's timezone, per session token (a server value, not a query:
 * the navigation bar and the signed-in redirect need it in the shell, DECISIONS.md #115). Asked
 * again after five minutes; a failed read is not retried (the browser's date stands in).
 */
// Asked with the session's token (a 401 signs out, as every call); the key only keeps answers apart.
export const currentMonth = createServerValue(() => callApi('getCurrentMonth'), {
  freshMs: 5 * 60_000,
  retry: false,
});

/** The server's answer for the signed-in user, or nothing when signed out. */
export function useMonthAnswer(): { data: MonthResponse | undefined; isPending: boolean } {
  const { token } = useSession();
  return useServerValue(currentMonth, token);
}

/**
 * The current month: the server's answer when signed in, the browser's date otherwise or
 * while that answer is pending or failed. `ready` is false only while the first answer loads.
 */
export function useCurrentMonth(): { month: YearMonth; ready: boolean } {
  const { data, isPending } = useMonthAnswer();
  if (data) return { month: { year: data.year, month: data.month }, ready: true };
  return { month: browserMonth(), ready: !isPending };
}
