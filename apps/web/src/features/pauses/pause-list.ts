/** How the pause list is laid out (issue 31): its sections by status, and the summary's range. */
import type { Pause } from '@mindspend/api-contract';
import { parseIsoDate } from '@mindspend/domain';

export interface PauseSection {
  status: Pause['status'];
  title: string;
  pauses: Pause[];
}

/** Due first (they ask for a decision now), then the ones still cooling off, then the decided. */
const SECTIONS: ReadonlyArray<Omit<PauseSection, 'pauses'>> = [
  { status: 'reminder_due', title: 'Time to decide' },
  { status: 'waiting', title: 'Cooling off' },
  { status: 'decided', title: 'Decided' },
];

const byTime = (key: 'remind_at' | 'created_at', order: 1 | -1) => (a: Pause, b: Pause) => (a[key] < b[key] ? -order : a[key] > b[key] ? order : 0);

/**
 * The non-empty sections: those to decide and those waiting with the nearest reminder first, the
 * decided with the most recent first.
 */
export function pauseSections(pauses: readonly Pause[]): PauseSection[] {
  return SECTIONS.flatMap((section) => {
    const chosen = pauses.filter((pause) => pause.status === section.status);
    if (chosen.length === 0) return [];
    chosen.sort(section.status === 'decided' ? byTime('created_at', -1) : byTime('remind_at', 1));
    return [{ ...section, pauses: chosen }];
  });
}

/** The summary's days: the last `days` local dates up to and including `today` (`YYYY-MM-DD`). */
export function lastDays(today: string, days: number): { from: string; to: string } {
  const day = parseIsoDate(today);
  if (!day) return { from: today, to: today };
  const from = new Date(Date.UTC(day.year, day.month - 1, day.day - (days - 1)));
  return { from: from.toISOString().slice(0, 10), to: today };
}

/** The summary covers this many days, today included. */
export const SUMMARY_DAYS = 90;
