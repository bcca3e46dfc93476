/**
 * Second look (issue 16, DECISIONS.md #44): some days after an expense the person is asked again
 * how it feels. The later feeling is kept beside the first, never over it.
 */
import type { LocalDate } from '../months';
import { isoDate } from '../months';
import type { Feeling } from '../ledger/transactions';

/** Days after an expense before it is looked at again, unless the person chose otherwise. */
export const DEFAULT_SECOND_LOOK_DAYS = 7;
/** The longest wait one can choose: beyond a quarter the purchase is no longer remembered. */
export const MAX_SECOND_LOOK_DAYS = 90;
/**
 * Days an expense stays in the second look once due: asked a season later, a purchase is no
 * longer remembered, and turning the feature on over years of imported history should not ask
 * about all of it.
 */
export const SECOND_LOOK_WINDOW_DAYS = 60;
export const SECOND_LOOK_DAYS_MESSAGE = `Choose between 1 and ${MAX_SECOND_LOOK_DAYS} days, or turn the second look off.`;

/**
 * The latest expense date that is due for a second look on `today` (the person's own local date):
 * an expense of date D is due once D + days ≤ today, i.e. D ≤ today − days. Counted in calendar
 * days, so month ends, leap days and year ends need no special case.
 */
export function secondLookCutoff(today: LocalDate, days: number): string {
  return daysBefore(today, days);
}

function daysBefore(today: LocalDate, days: number): string {
  const moment = new Date(Date.UTC(today.year, today.month - 1, today.day - days));
  return isoDate({ year: moment.getUTCFullYear(), month: moment.getUTCMonth() + 1, day: moment.getUTCDate() });
}

/**
 * The expense dates a second look asks about on `today`, both included: due (see
 * `secondLookCutoff`) and due for at most SECOND_LOOK_WINDOW_DAYS. Null when the setting is off.
 */
export function secondLookWindow(today: LocalDate, days: number | null): { from: string; to: string } | null {
  if (days === null) return null;
  return { from: daysBefore(today, days + SECOND_LOOK_WINDOW_DAYS), to: secondLookCutoff(today, days) };
}

/** Whether an expense dated `date` (YYYY-MM-DD) is asked about on `today`; never when the setting is off (null). */
export function isSecondLookDue(date: string, today: LocalDate, days: number | null): boolean {
  const window = secondLookWindow(today, days);
  return window !== null && date >= window.from && date <= window.to;
}

/** How a feeling moved between the purchase and the second look. */
export type FeelingShift = 'soured' | 'warmed' | 'same' | 'changed';

/**
 * 'soured': it did not feel like a regret at first and does now; 'warmed': a regret that no
 * longer is one; 'same': no change; 'changed': any other move (e.g. good → mixed). Without a first
 * feeling there is nothing to shift from: null.
 */
export function feelingShift(first: Feeling | null, second: Feeling): FeelingShift | null {
  if (first === null) return null;
  if (first === second) return 'same';
  if (second === 'negative') return 'soured';
  if (first === 'negative') return 'warmed';
  return 'changed';
}

/** Second looks of one group (a category or a payee), by their first and second feeling. */
export interface SecondLookCell {
  id: number | null;
  name: string;
  first: Feeling | null;
  second: Feeling;
  count: number;
}

export interface ShiftLine {
  id: number | null;
  name: string;
  /** Second looks given with a first feeling to compare against. */
  compared: number;
  soured: number;
  warmed: number;
  changed: number;
  /** Share of the compared looks that soured, whole percent. */
  souredPercent: number;
}

/**
 * Shift counts per group, groups with any move first (most soured, then most warmed), then by
 * name. Groups whose looks had no first feeling are left out: they show no shift.
 */
export function shiftLines(cells: readonly SecondLookCell[]): ShiftLine[] {
  const byGroup = new Map<number | null, ShiftLine>();
  for (const cell of cells) {
    const shift = feelingShift(cell.first, cell.second);
    if (shift === null) continue;
    const line = byGroup.get(cell.id) ?? { id: cell.id, name: cell.name, compared: 0, soured: 0, warmed: 0, changed: 0, souredPercent: 0 };
    line.compared += cell.count;
    if (shift !== 'same') line[shift] += cell.count;
    byGroup.set(cell.id, line);
  }
  const lines = [...byGroup.values()].map((line) => ({ ...line, souredPercent: Math.round((line.soured / line.compared) * 100) }));
  return lines.sort((a, b) => b.soured - a.soured || b.warmed - a.warmed || a.name.localeCompare(b.name));
}
