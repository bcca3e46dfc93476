import { describe, expect, it } from 'vitest';
import { severalNudgeWords, singleNudgeWords } from './nudge-words';
import { inQuietHours, nextAllowedInstant } from './quiet-hours';

const NIGHT = { start: '21:00', end: '08:00' };
const at = (iso: string) => new Date(iso);

describe('quiet hours across midnight, in the person\'s zone', () => {
  it('holds a nudge due in the evening until the next morning', () => {
    // 22:30 in Berlin (UTC+1 in November).
    expect(nextAllowedInstant(NIGHT, 'Europe/Berlin', at('2026-11-15T21:30:00Z')).toISOString()).toBe('2026-11-16T07:00:00.000Z');
  });

  it('holds a nudge due after midnight until that same morning', () => {
    expect(nextAllowedInstant(NIGHT, 'Europe/Berlin', at('2026-11-16T05:00:00Z')).toISOString()).toBe('2026-11-16T07:00:00.000Z');
  });

  it('sends at once in the daytime, and from the window\'s last minute on', () => {
    expect(nextAllowedInstant(NIGHT, 'Europe/Berlin', at('2026-11-16T12:00:00Z')).toISOString()).toBe('2026-11-16T12:00:00.000Z');
    expect(inQuietHours(NIGHT, 'Europe/Berlin', at('2026-11-16T07:00:00Z'))).toBe(false);
    expect(inQuietHours(NIGHT, 'Europe/Berlin', at('2026-11-16T06:59:00Z'))).toBe(true);
    expect(inQuietHours(NIGHT, 'Europe/Berlin', at('2026-11-15T20:00:00Z'))).toBe(true);
  });

  it('reads the clock of the person\'s zone, not the server\'s', () => {
    // 21:30 UTC is 13:30 in Los Angeles: not quiet there.
    const instant = at('2026-11-15T21:30:00Z');
    expect(nextAllowedInstant(NIGHT, 'America/Los_Angeles', instant)).toEqual(instant);
    expect(nextAllowedInstant(NIGHT, 'UTC', instant).toISOString()).toBe('2026-11-16T08:00:00.000Z');
  });

  it('ends at the morning\'s clock time on the night clocks spring forward', () => {
    // Midnight EST on 8 March 2026; 08:00 that morning is already EDT (UTC-4).
    expect(nextAllowedInstant(NIGHT, 'America/New_York', at('2026-03-08T05:00:00Z')).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });
});

describe('a window within one day, and no window', () => {
  it('holds a nudge inside a daytime window until its end', () => {
    const lunch = { start: '13:00', end: '14:00' };
    expect(nextAllowedInstant(lunch, 'America/New_York', at('2026-11-15T18:30:00Z')).toISOString()).toBe('2026-11-15T19:00:00.000Z');
    expect(inQuietHours(lunch, 'America/New_York', at('2026-11-15T19:30:00Z'))).toBe(false);
  });

  it('never holds without quiet hours, or with a window of no length', () => {
    const instant = at('2026-11-15T23:00:00Z');
    expect(nextAllowedInstant(null, 'UTC', instant)).toEqual(instant);
    expect(nextAllowedInstant({ start: '08:00', end: '08:00' }, 'UTC', instant)).toEqual(instant);
  });
});

describe('nudge words', () => {
  it('names one purchase with its amount, and counts several', () => {
    expect(singleNudgeWords('Corner Bar', '$38.20').title).toBe('Corner Bar $38.20 — how did that feel?');
    expect(singleNudgeWords(null, '€4.50').title).toBe('A purchase €4.50 — how did that feel?');
    expect(severalNudgeWords(5).title).toBe('5 new purchases to feel');
  });
});
