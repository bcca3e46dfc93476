import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEELING_VALUES } from '../ledger/transactions';
import { localDate } from '../months';
import { SECOND_LOOK_WINDOW_DAYS, feelingShift, isSecondLookDue, secondLookCutoff, secondLookWindow, shiftLines } from './second-look';

describe('when an expense is due for a second look', () => {
  it('counts calendar days back across month, leap-day and year ends', () => {
    expect(secondLookCutoff({ year: 2026, month: 11, day: 24 }, 7)).toBe('2026-11-17');
    expect(secondLookCutoff({ year: 2026, month: 3, day: 3 }, 7)).toBe('2026-02-24');
    expect(secondLookCutoff({ year: 2024, month: 3, day: 3 }, 7)).toBe('2024-02-25');
    expect(secondLookCutoff({ year: 2027, month: 1, day: 2 }, 7)).toBe('2026-12-26');
    expect(secondLookCutoff({ year: 2026, month: 11, day: 24 }, 90)).toBe('2026-08-26');
  });

  it('is due on the Nth day after the purchase, not the day before', () => {
    const today = { year: 2026, month: 12, day: 1 };
    expect(isSecondLookDue('2026-11-24', today, 7)).toBe(true);
    expect(isSecondLookDue('2026-11-25', today, 7)).toBe(false);
    expect(isSecondLookDue('2026-11-30', today, 1)).toBe(true);
  });

  it('is never due when the person turned it off', () => {
    expect(isSecondLookDue('2026-11-01', { year: 2026, month: 12, day: 1 }, null)).toBe(false);
    expect(secondLookWindow({ year: 2026, month: 12, day: 1 }, null)).toBeNull();
  });

  it('stops asking 60 days after an expense fell due', () => {
    expect(secondLookWindow({ year: 2026, month: 12, day: 1 }, 7)).toEqual({ from: '2026-09-25', to: '2026-11-24' });
    expect(isSecondLookDue('2026-09-25', { year: 2026, month: 12, day: 1 }, 7)).toBe(true);
    expect(isSecondLookDue('2026-09-24', { year: 2026, month: 12, day: 1 }, 7)).toBe(false);
  });

  it("follows the person's own date: late evening west of UTC is still the day before", () => {
    const now = new Date('2026-12-01T03:00:00Z');
    // In New York (UTC-5) it is still 30 November: a purchase of 23 November is due, the 24th not yet.
    expect(isSecondLookDue('2026-11-23', localDate(now, -5), 7)).toBe(true);
    expect(isSecondLookDue('2026-11-24', localDate(now, -5), 7)).toBe(false);
    // In Tokyo (UTC+9) it is already 1 December.
    expect(isSecondLookDue('2026-11-24', localDate(now, 9), 7)).toBe(true);
  });

  it('agrees with counting the days one by one for any date and wait', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2150-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 0, max: 200 }),
        (purchase, days, elapsed) => {
          const purchaseIso = purchase.toISOString().slice(0, 10);
          const todayUtc = new Date(Date.UTC(purchase.getUTCFullYear(), purchase.getUTCMonth(), purchase.getUTCDate() + elapsed));
          const today = { year: todayUtc.getUTCFullYear(), month: todayUtc.getUTCMonth() + 1, day: todayUtc.getUTCDate() };
          expect(isSecondLookDue(purchaseIso, today, days)).toBe(elapsed >= days && elapsed <= days + SECOND_LOOK_WINDOW_DAYS);
        },
      ),
    );
  });
});

describe('how a feeling shifted', () => {
  it('names a purchase that felt good and is regretted now as soured, and the reverse as warmed', () => {
    expect(feelingShift('positive', 'negative')).toBe('soured');
    expect(feelingShift('mixed', 'negative')).toBe('soured');
    expect(feelingShift('negative', 'positive')).toBe('warmed');
    expect(feelingShift('negative', 'neutral')).toBe('warmed');
    expect(feelingShift('positive', 'mixed')).toBe('changed');
    expect(feelingShift('negative', 'negative')).toBe('same');
    expect(feelingShift(null, 'negative')).toBeNull();
  });

  it('gives every pair of feelings exactly one shift', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FEELING_VALUES), fc.constantFrom(...FEELING_VALUES), (first, second) => {
        const shift = feelingShift(first, second);
        expect(shift === 'same').toBe(first === second);
        expect(shift === 'soured').toBe(first !== 'negative' && second === 'negative');
        expect(shift === 'warmed').toBe(first === 'negative' && second !== 'negative');
      }),
    );
  });

  it('adds the looks of a group up and puts the groups that soured most first', () => {
    const lines = shiftLines([
      { id: 1, name: 'Dining', first: 'positive', second: 'negative', count: 3 },
      { id: 1, name: 'Dining', first: 'positive', second: 'positive', count: 1 },
      { id: 2, name: 'Groceries', first: 'negative', second: 'positive', count: 2 },
      { id: 3, name: 'Travel', first: null, second: 'negative', count: 4 },
    ]);
    expect(lines).toEqual([
      { id: 1, name: 'Dining', compared: 4, soured: 3, warmed: 0, changed: 0, souredPercent: 75 },
      { id: 2, name: 'Groceries', compared: 2, soured: 0, warmed: 2, changed: 0, souredPercent: 0 },
    ]);
  });
});
