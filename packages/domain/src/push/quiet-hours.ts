/**
 * Quiet hours of push nudges (DECISIONS.md #103): a window of the person's own clock, e.g. 21:00 to
 * 08:00, in which no nudge is sent; one due inside it waits for the window's end. A window whose
 * start is after its end runs across midnight; a start equal to its end is no window.
 */
import { localDateIn, utcOffsetMinutesIn } from '../time-zone';

export interface QuietHours {
  /** HH:MM, 24-hour. */
  start: string;
  end: string;
}

const MINUTE_MS = 60_000;

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes since local midnight in `zone` at `instant`. */
function localMinutes(zone: string, instant: Date): number {
  const local = new Date(instant.getTime() + utcOffsetMinutesIn(zone, instant) * MINUTE_MS);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The instant the zone's clock first shows `minutes` past midnight of `date` (a clock skipped forward: the instant after the gap). */
function instantAt(zone: string, date: { year: number; month: number; day: number }, minutes: number): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS;
  const first = wall - utcOffsetMinutesIn(zone, new Date(wall)) * MINUTE_MS;
  // Once more with the offset at the guess: right on either side of a daylight-saving change.
  return new Date(wall - utcOffsetMinutesIn(zone, new Date(first)) * MINUTE_MS);
}

/** True when `instant` falls inside the quiet hours, on the clock of `zone`. */
export function inQuietHours(quiet: QuietHours | null, zone: string, instant: Date): boolean {
  if (!quiet) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  const now = localMinutes(zone, instant);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * When a nudge due at `instant` may be sent: `instant` itself outside quiet hours, else the end of
 * the window it falls in (today's end, or tomorrow's for a window across midnight entered
 * before midnight).
 */
export function nextAllowedInstant(quiet: QuietHours | null, zone: string, instant: Date): Date {
  if (!quiet || !inQuietHours(quiet, zone, instant)) return instant;
  const end = minutesOf(quiet.end);
  const today = localDateIn(zone, instant);
  const endToday = instantAt(zone, today, end);
  if (endToday.getTime() > instant.getTime()) return endToday;
  const tomorrow = localDateIn(zone, new Date(Date.UTC(today.year, today.month - 1, today.day + 1, 12)));
  return instantAt(zone, tomorrow, end);
}
