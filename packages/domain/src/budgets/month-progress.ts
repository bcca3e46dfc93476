/** 'Day X of N days this month' and its bar (spec §2.5). */
import { type YearMonth, compareMonths, daysInMonth } from '../months';

export interface MonthProgress {
  day: number;
  days: number;
  percent: number;
}

/** Day of the month reached: today in the current month, all days of a past one, none of a future one. */
export function monthProgress(selected: YearMonth, today: YearMonth & { day: number }): MonthProgress {
  const days = daysInMonth(selected.year, selected.month);
  const order = compareMonths(selected, today);
  const day = order < 0 ? days : order > 0 ? 0 : today.day;
  return { day, days, percent: (day / days) * 100 };
}

export function monthProgressLabel(progress: MonthProgress): string {
  return `Day ${progress.day} of ${progress.days} days this month`;
}
