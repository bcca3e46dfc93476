/** The due date a bill row shows (spec §4 'Bill due date shown'): `Nov 15th`, or 'N/A'. */
import { parseIsoDate } from '../ledger/transactions';
import type { YearMonth } from '../months';
import { clampedDay } from './calendar';

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

export interface DueDateSources {
  recurrenceDateThisMonth?: string | null;
  dueDate?: string | null;
  firstRecurrenceStart?: string | null;
}

/**
 * Recurrence date this month, else due_date, else the first recurrence's start, else the first
 * of the month; moved into the selected month (its day clamped to the month's length).
 */
export function billDueDateLabel(sources: DueDateSources, selected: YearMonth): string {
  const candidates = [sources.recurrenceDateThisMonth, sources.dueDate, sources.firstRecurrenceStart];
  const given = candidates.find((value): value is string => typeof value === 'string' && value !== '');
  const day = given === undefined ? 1 : parseIsoDate(given)?.day;
  if (day === undefined) return 'N/A';
  const moved = clampedDay(selected, day);
  return `${MONTHS_SHORT[moved.month - 1]} ${ordinal(moved.day)}`;
}
