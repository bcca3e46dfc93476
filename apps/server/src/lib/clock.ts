/** The current time, injectable so tests can move it (reset links expire after 60 minutes). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO-8601 UTC timestamp, the form every timestamp column holds. */
export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
