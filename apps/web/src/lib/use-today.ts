/** Today's date as `YYYY-MM-DD` in the user's timezone (DECISIONS.md #13), for new forms' dates. */
import { isoDate } from '@mindspend/domain';
import { useMonthAnswer } from './current-month';

/** The browser's local date: the fallback while the server's answer is pending. */
export function browserToday(now = new Date()): string {
  return isoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

export function useToday(): string {
  return useMonthAnswer().data?.date ?? browserToday();
}
