/** Today's date as `YYYY-MM-DD` in the user's timezone (DECISIONS.md #13), for new forms' dates. */
import { useQuery } from '@tanstack/react-query';
import { isoDate } from '@mindspend/domain';
import { fetchMonth, monthQueryKey } from './current-month';
import { useSession } from './use-session';

/** The browser's local date: the fallback while the server's answer is pending. */
export function browserToday(now = new Date()): string {
  return isoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

export function useToday(): string {
  const { token } = useSession();
  const query = useQuery({ queryKey: monthQueryKey, queryFn: fetchMonth, enabled: Boolean(token), staleTime: 5 * 60_000, retry: 0 });
  return query.data?.date ?? browserToday();
}
