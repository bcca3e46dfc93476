/**
 * The zones that stand for fixed offsets from UTC (DECISIONS.md #85): the offsets in hours that
 * accounts had before zones (migration 0037), and that older clients still send as `timezone`.
 */
import { DEFAULT_TIME_ZONE, canonicalTimeZone } from './time-zone';

/**
 * The zone that keeps a fixed offset in hours, for accounts from before zones and for clients
 * that still send `timezone`. Whole hours map to `Etc/GMT…`, which never changes its offset, so
 * every local date stays what the offset gave; its sign is the POSIX one, the reverse of ISO
 * 8601: UTC−8 is `Etc/GMT+8`. An offset that is not whole hours maps to a place that uses it
 * (Etc zones have whole hours only); any other is rounded to the nearest hour.
 */
export function zoneForUtcOffset(offsetHours: number): string {
  if (!Number.isFinite(offsetHours)) return DEFAULT_TIME_ZONE;
  const clamped = Math.min(14, Math.max(-12, offsetHours));
  const place = FRACTIONAL_OFFSET_ZONES.get(clamped);
  if (place) return place;
  const hours = Math.round(clamped);
  if (hours === 0) return DEFAULT_TIME_ZONE;
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

/**
 * Offsets that are not whole hours, each with a place that keeps it all year where there is
 * one, so the dates stay what the offset gave. Where only places with daylight saving time use
 * an offset (Newfoundland, Adelaide's summer, the Chatham Islands), the person is almost surely
 * there, and gets the clock they live by.
 */
const FRACTIONAL_OFFSET_ZONES: ReadonlyMap<number, string> = new Map([
  [-9.5, 'Pacific/Marquesas'],
  [-3.5, 'America/St_Johns'],
  [-2.5, 'America/St_Johns'],
  [3.5, 'Asia/Tehran'],
  [4.5, 'Asia/Kabul'],
  [5.5, 'Asia/Kolkata'],
  [5.75, 'Asia/Kathmandu'],
  [6.5, 'Asia/Yangon'],
  [8.75, 'Australia/Eucla'],
  [9.5, 'Australia/Darwin'],
  [10.5, 'Australia/Adelaide'],
  [12.75, 'Pacific/Chatham'],
  [13.75, 'Pacific/Chatham'],
]);

/**
 * The zone a request asks for: `time_zone` when it names one, else the zone that keeps the
 * older clients' `timezone` offset; undefined when it sends neither (nothing to change).
 */
export function requestedTimeZone(input: {
  time_zone?: string | undefined;
  timezone?: number | undefined;
}): string | undefined {
  const named = input.time_zone === undefined ? undefined : canonicalTimeZone(input.time_zone);
  if (named) return named;
  return input.timezone === undefined ? undefined : zoneForUtcOffset(input.timezone);
}
