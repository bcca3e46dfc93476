/**
 * The person's clock (DECISIONS.md #85): an IANA time zone such as `America/Los_Angeles`, whose
 * offset from UTC follows daylight saving time, instead of the fixed offset in hours taken at
 * sign-up (DECISIONS.md #13). Every local date — "today", a month's first and last instant, when
 * a bill is due — is computed here, with the platform's time zone database (`Intl`), so the rules
 * of each zone (and their changes) come with Node.js and the browser rather than with our code.
 */
import { type LocalDate, type YearMonth, addMonths } from './months';

/** The zone of a person who never said (and of every account from before zones, at offset 0). */
export const DEFAULT_TIME_ZONE = 'UTC';
/** Longest zone name accepted; the longest real one (`America/Argentina/ComodRivadavia`) has 32. */
export const TIME_ZONE_MAX = 64;
/** The 422 of an unknown zone, under `time_zone`. */
export const TIME_ZONE_UNKNOWN =
  'The time zone is not one we know. Choose one from the list, such as America/Los_Angeles or Europe/Berlin.';

/**
 * A zone name's shape: letters first, then letters, digits, `_ + -` and `/`. `Intl` in newer
 * engines also takes offsets such as `+05:30`, which do not follow daylight saving time: exactly
 * what a zone is here to replace, so they are refused before `Intl` is asked.
 */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * One formatter per zone, made on first use: building an `Intl.DateTimeFormat` costs far more
 * than using one, and "today" is computed on every signed-in request (the answer cache's key).
 * Only names checked when they were stored get here, so the map is bounded by the zone database.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      // Stored zones were checked when written; one an older engine knew and this one does not
      // must not make every page of that person fail, so it reads as UTC until they choose again.
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * The zone's own spelling of `name` (`america/los_angeles` → `America/Los_Angeles`), or undefined
 * when it is no zone. A name is kept as given when the platform would rename it (`Asia/Kolkata`
 * stays, though older ICU calls it `Asia/Calcutta`): the person chose it, and both work.
 */
export function canonicalTimeZone(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length > TIME_ZONE_MAX || !ZONE_NAME.test(trimmed)) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return resolved.toLowerCase() === trimmed.toLowerCase() ? resolved : trimmed;
}

/** True for a name the time zone database knows (`Europe/Berlin`, `UTC`, `Etc/GMT+8`). */
export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== undefined;
}

interface WallClock extends LocalDate {
  hour: number;
  minute: number;
  second: number;
}

function wallClock(zone: string, instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The calendar date in `zone` at `instant`: the person's "today" when the instant is now. */
export function localDateIn(zone: string, instant: Date): LocalDate {
  const { year, month, day } = wallClock(zone, instant);
  return { year, month, day };
}

/** Minutes the zone's clock is ahead of UTC at `instant` (-480 in Los Angeles in winter, +345 in Kathmandu). */
export function utcOffsetMinutesIn(zone: string, instant: Date): number {
  const wall = wallClock(zone, instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The formatter shows whole seconds: compare with the instant's whole second.
  const second = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - second) / MINUTE_MS);
}

/** The zone's offset from UTC in hours at `instant`: the `timezone` field older clients read. */
export function utcOffsetHoursIn(zone: string, instant: Date): number {
  return utcOffsetMinutesIn(zone, instant) / 60;
}

/**
 * The first instant of `date` in `zone`. Usually its local midnight; where a daylight-saving
 * change skips midnight (clocks going from 23:59:59 to 01:00, as in Santiago or Havana), the day
 * begins at the change, the first instant whose local date is `date`.
 */
export function startOfLocalDay(zone: string, date: LocalDate): Date {
  const wallMidnight = Date.UTC(date.year, date.month - 1, date.day);
  // The offsets a day either side: at most one change falls in between in any real zone.
  const before = utcOffsetMinutesIn(zone, new Date(wallMidnight - DAY_MS)) * MINUTE_MS;
  const after = utcOffsetMinutesIn(zone, new Date(wallMidnight + DAY_MS)) * MINUTE_MS;
  // Earliest first: where clocks go back at midnight, the day's first midnight is the earlier one.
  const candidates = [wallMidnight - Math.max(before, after), wallMidnight - Math.min(before, after)];
  for (const candidate of candidates) {
    if (utcOffsetMinutesIn(zone, new Date(candidate)) * MINUTE_MS === wallMidnight - candidate)
      return new Date(candidate);
  }
  return firstInstantOfDate(zone, date, candidates[0] ?? wallMidnight, candidates[1] ?? wallMidnight);
}

/**
 * Midnight falls in a gap: the day begins at the change, found by halving the interval between
 * an instant still on the day before (`low`) and one already on `date` (`high`), to the minute
 * (changes happen on whole minutes).
 */
function firstInstantOfDate(zone: string, date: LocalDate, low: number, high: number): Date {
  const target = Date.UTC(date.year, date.month - 1, date.day);
  const onDate = (instant: number) => {
    const local = localDateIn(zone, new Date(instant));
    return Date.UTC(local.year, local.month - 1, local.day) >= target;
  };
  let from = low;
  let to = high;
  while (to - from > MINUTE_MS) {
    const middle = from + Math.floor((to - from) / 2 / MINUTE_MS) * MINUTE_MS;
    if (onDate(middle)) to = middle;
    else from = middle;
  }
  return new Date(to);
}

/** A month in `zone` as instants: from its first instant, up to (not including) the next month's. */
export function monthBoundsIn(zone: string, month: YearMonth): { start: Date; end: Date } {
  const next = addMonths(month, 1);
  return {
    start: startOfLocalDay(zone, { ...month, day: 1 }),
    end: startOfLocalDay(zone, { ...next, day: 1 }),
  };
}
