import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from './months';
import {
  canonicalTimeZone,
  isTimeZone,
  localDateIn,
  monthBoundsIn,
  startOfLocalDay,
  utcOffsetHoursIn,
  utcOffsetMinutesIn,
} from './time-zone';
import { requestedTimeZone, zoneForUtcOffset } from './time-zone-offsets';

const at = (iso: string) => new Date(iso);
const LA = 'America/Los_Angeles';

describe('time zones', () => {
  describe('America/Los_Angeles across its 2026 changes', () => {
    it('springs forward on March 8: the day begins at PST midnight, the offset moves at 2:00', () => {
      expect(localDateIn(LA, at('2026-03-08T07:59:59Z'))).toEqual({ year: 2026, month: 3, day: 7 });
      expect(localDateIn(LA, at('2026-03-08T08:00:00Z'))).toEqual({ year: 2026, month: 3, day: 8 });
      expect(utcOffsetMinutesIn(LA, at('2026-03-08T09:59:00Z'))).toBe(-480);
      expect(utcOffsetMinutesIn(LA, at('2026-03-08T10:00:00Z'))).toBe(-420);
      // The next day begins at PDT midnight, an hour earlier in UTC than a fixed −8 would say.
      expect(startOfLocalDay(LA, { year: 2026, month: 3, day: 9 })).toEqual(at('2026-03-09T07:00:00Z'));
      expect(localDateIn(LA, at('2026-03-09T07:30:00Z'))).toEqual({ year: 2026, month: 3, day: 9 });
      expect(localDate(at('2026-03-09T07:30:00Z'), -8)).toEqual({ year: 2026, month: 3, day: 8 });
    });

    it('falls back on November 1: 07:30 UTC is already November there, though −8 says October', () => {
      expect(localDateIn(LA, at('2026-11-01T07:30:00Z'))).toEqual({ year: 2026, month: 11, day: 1 });
      expect(localDate(at('2026-11-01T07:30:00Z'), -8)).toEqual({ year: 2026, month: 10, day: 31 });
      expect(utcOffsetHoursIn(LA, at('2026-11-01T08:59:00Z'))).toBe(-7);
      expect(utcOffsetHoursIn(LA, at('2026-11-01T09:00:00Z'))).toBe(-8);
      expect(monthBoundsIn(LA, { year: 2026, month: 10 })).toEqual({
        start: at('2026-10-01T07:00:00Z'),
        end: at('2026-11-01T07:00:00Z'),
      });
      // November has one more hour than its 30 days: it ends at PST midnight.
      expect(monthBoundsIn(LA, { year: 2026, month: 11 })).toEqual({
        start: at('2026-11-01T07:00:00Z'),
        end: at('2026-12-01T08:00:00Z'),
      });
    });
  });

  it('follows Europe/Berlin from winter to summer time and back', () => {
    const berlin = 'Europe/Berlin';
    expect(localDateIn(berlin, at('2026-03-28T23:30:00Z'))).toEqual({ year: 2026, month: 3, day: 29 });
    expect(utcOffsetMinutesIn(berlin, at('2026-03-29T00:59:00Z'))).toBe(60);
    expect(utcOffsetMinutesIn(berlin, at('2026-03-29T01:00:00Z'))).toBe(120);
    expect(monthBoundsIn(berlin, { year: 2026, month: 4 }).start).toEqual(at('2026-03-31T22:00:00Z'));
    expect(localDateIn(berlin, at('2026-10-24T22:30:00Z'))).toEqual({ year: 2026, month: 10, day: 25 });
    expect(monthBoundsIn(berlin, { year: 2026, month: 11 }).start).toEqual(at('2026-10-31T23:00:00Z'));
  });

  it('keeps half and three-quarter hours: Asia/Kolkata at +5:30, Pacific/Chatham at +12:45 and +13:45', () => {
    expect(localDateIn('Asia/Kolkata', at('2026-01-31T18:29:59Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 31,
    });
    expect(localDateIn('Asia/Kolkata', at('2026-01-31T18:30:00Z'))).toEqual({ year: 2026, month: 2, day: 1 });
    expect(utcOffsetMinutesIn('Asia/Kolkata', at('2026-07-01T00:00:00Z'))).toBe(330);
    const chatham = 'Pacific/Chatham';
    expect(utcOffsetMinutesIn(chatham, at('2026-06-15T11:15:00Z'))).toBe(765);
    expect(utcOffsetMinutesIn(chatham, at('2026-01-15T00:00:00Z'))).toBe(825);
    expect(localDateIn(chatham, at('2026-06-15T11:14:59Z'))).toEqual({ year: 2026, month: 6, day: 15 });
    expect(localDateIn(chatham, at('2026-06-15T11:15:00Z'))).toEqual({ year: 2026, month: 6, day: 16 });
    // Its summer time ends at 03:45 on April 5, 2026: the day still began at 00:00 +13:45.
    expect(startOfLocalDay(chatham, { year: 2026, month: 4, day: 5 })).toEqual(at('2026-04-04T10:15:00Z'));
  });

  it('begins a day at the change where daylight saving time skips midnight', () => {
    // Santiago goes from 23:59:59 on September 5 to 01:00 on the 6th; Havana likewise on March 8.
    expect(startOfLocalDay('America/Santiago', { year: 2026, month: 9, day: 6 })).toEqual(
      at('2026-09-06T04:00:00Z'),
    );
    expect(startOfLocalDay('America/Havana', { year: 2026, month: 3, day: 8 })).toEqual(
      at('2026-03-08T05:00:00Z'),
    );
    // …and on April 5 goes back from 23:59:59 (−3) to 23:00 (−4): the 5th begins at midnight −4.
    expect(startOfLocalDay('America/Santiago', { year: 2026, month: 4, day: 5 })).toEqual(
      at('2026-04-05T04:00:00Z'),
    );
  });

  describe('names', () => {
    it('knows IANA zones, in any case, and spells them as the database does', () => {
      expect(canonicalTimeZone('America/Los_Angeles')).toBe(LA);
      expect(canonicalTimeZone(' america/los_angeles ')).toBe(LA);
      expect(canonicalTimeZone('UTC')).toBe('UTC');
      expect(canonicalTimeZone('Etc/GMT+8')).toBe('Etc/GMT+8');
      // Kept as chosen, though some engines call it Asia/Calcutta.
      expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    });

    it('refuses what is no zone, offsets included', () => {
      for (const name of [
        '',
        'Mars/Olympus',
        'America/Los Angeles',
        '+05:30',
        '-08:00',
        'Z',
        'a'.repeat(65),
        'Europe/../etc',
      ]) {
        expect(isTimeZone(name), name).toBe(false);
      }
    });
  });

  describe('zones for the fixed offsets of before', () => {
    it('maps whole hours to Etc zones, whose sign is the reverse of the offset', () => {
      expect(zoneForUtcOffset(-8)).toBe('Etc/GMT+8');
      expect(zoneForUtcOffset(2)).toBe('Etc/GMT-2');
      expect(zoneForUtcOffset(14)).toBe('Etc/GMT-14');
      expect(zoneForUtcOffset(-12)).toBe('Etc/GMT+12');
      expect(zoneForUtcOffset(0)).toBe('UTC');
      expect(zoneForUtcOffset(Number.NaN)).toBe('UTC');
      expect(zoneForUtcOffset(99)).toBe('Etc/GMT-14');
    });

    it('maps the offsets of places that are not whole hours to those places', () => {
      expect(zoneForUtcOffset(5.5)).toBe('Asia/Kolkata');
      expect(zoneForUtcOffset(5.75)).toBe('Asia/Kathmandu');
      expect(zoneForUtcOffset(12.75)).toBe('Pacific/Chatham');
      expect(zoneForUtcOffset(-3.5)).toBe('America/St_Johns');
      expect(zoneForUtcOffset(1.2)).toBe('Etc/GMT-1');
    });

    it('gives the same local date as the offset did, at every instant, for every whole-hour offset', () => {
      const instants = fc.date({
        min: at('2000-01-01T00:00:00Z'),
        max: at('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      });
      fc.assert(
        fc.property(instants, fc.integer({ min: -12, max: 14 }), (instant, hours) => {
          expect(localDateIn(zoneForUtcOffset(hours), instant)).toEqual(localDate(instant, hours));
        }),
      );
    });

    it('takes a named zone before an offset, and nothing from neither', () => {
      expect(requestedTimeZone({ time_zone: 'europe/berlin', timezone: 3 })).toBe('Europe/Berlin');
      expect(requestedTimeZone({ timezone: -8 })).toBe('Etc/GMT+8');
      expect(requestedTimeZone({})).toBeUndefined();
    });

    it('gives a known zone for every offset', () => {
      for (let quarter = -12 * 4; quarter <= 14 * 4; quarter += 1) {
        expect(isTimeZone(zoneForUtcOffset(quarter / 4)), String(quarter / 4)).toBe(true);
      }
    });
  });
});
