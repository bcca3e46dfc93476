import { describe, expect, it } from 'vitest';
import { type Recurrence, monthlyRecurrence, occurrencesInMonth, recurrenceDateInMonth } from './recurrence';

const every = (frequency: Recurrence['frequency'], interval: number, start: string, extra: Partial<Recurrence> = {}): Recurrence => ({
  start,
  isRecurring: true,
  frequency,
  interval,
  ending: 'never',
  ...extra,
});

describe('monthly recurrence', () => {
  it('falls due once a month on the start day, from the start month on', () => {
    const rent = monthlyRecurrence('2026-01-01');
    expect(occurrencesInMonth(rent, { year: 2025, month: 12 })).toEqual([]);
    expect(occurrencesInMonth(rent, { year: 2026, month: 1 })).toEqual(['2026-01-01']);
    expect(occurrencesInMonth(rent, { year: 2027, month: 6 })).toEqual(['2027-06-01']);
  });

  it("uses 'On day N' and moves the 31st to the last day of shorter months", () => {
    const bill = monthlyRecurrence('2026-01-10', 31);
    expect(recurrenceDateInMonth(bill, { year: 2026, month: 1 })).toBe('2026-01-31');
    expect(recurrenceDateInMonth(bill, { year: 2026, month: 2 })).toBe('2026-02-28');
    expect(recurrenceDateInMonth(bill, { year: 2028, month: 2 })).toBe('2028-02-29');
    expect(recurrenceDateInMonth(bill, { year: 2026, month: 4 })).toBe('2026-04-30');
  });

  it('skips a first occurrence that would fall before the start', () => {
    const bill = monthlyRecurrence('2026-11-20', 5);
    expect(occurrencesInMonth(bill, { year: 2026, month: 11 })).toEqual([]);
    expect(occurrencesInMonth(bill, { year: 2026, month: 12 })).toEqual(['2026-12-05']);
  });

  it('repeats every N months across a year boundary', () => {
    const quarterly = every('month', 3, '2026-11-15');
    expect(recurrenceDateInMonth(quarterly, { year: 2026, month: 11 })).toBe('2026-11-15');
    expect(recurrenceDateInMonth(quarterly, { year: 2026, month: 12 })).toBeNull();
    expect(recurrenceDateInMonth(quarterly, { year: 2027, month: 2 })).toBe('2027-02-15');
    expect(recurrenceDateInMonth(quarterly, { year: 2027, month: 5 })).toBe('2027-05-15');
  });
});

describe('daily recurrence', () => {
  it('lists every date of an every-N-days budget in a month, continuing across months', () => {
    const biweekly = every('day', 14, '2026-12-25');
    expect(occurrencesInMonth(biweekly, { year: 2026, month: 12 })).toEqual(['2026-12-25']);
    expect(occurrencesInMonth(biweekly, { year: 2027, month: 1 })).toEqual(['2027-01-08', '2027-01-22']);
  });

  it('counts leap days', () => {
    const weekly = every('day', 7, '2028-02-01');
    expect(occurrencesInMonth(weekly, { year: 2028, month: 2 })).toEqual([
      '2028-02-01',
      '2028-02-08',
      '2028-02-15',
      '2028-02-22',
      '2028-02-29',
    ]);
    expect(occurrencesInMonth(weekly, { year: 2028, month: 3 })[0]).toBe('2028-03-07');
  });

  it('finds occurrences years after the start without walking from it', () => {
    const daily = every('day', 1, '2020-01-01');
    expect(occurrencesInMonth(daily, { year: 2030, month: 2 })).toHaveLength(28);
  });
});

describe('yearly recurrence', () => {
  it('falls due in its month only, and a 29 February start uses the 28th in other years', () => {
    const renewal = every('year', 1, '2028-02-29');
    expect(occurrencesInMonth(renewal, { year: 2028, month: 2 })).toEqual(['2028-02-29']);
    expect(occurrencesInMonth(renewal, { year: 2029, month: 2 })).toEqual(['2029-02-28']);
    expect(occurrencesInMonth(renewal, { year: 2029, month: 3 })).toEqual([]);
    expect(occurrencesInMonth(every('year', 2, '2026-06-30'), { year: 2027, month: 6 })).toEqual([]);
    expect(occurrencesInMonth(every('year', 2, '2026-06-30'), { year: 2028, month: 6 })).toEqual(['2028-06-30']);
  });
});

describe('endings', () => {
  it('stops after N occurrences', () => {
    const three = every('month', 1, '2026-11-01', { ending: 'end_after', occurrences: 3 });
    expect(recurrenceDateInMonth(three, { year: 2027, month: 1 })).toBe('2027-01-01');
    expect(recurrenceDateInMonth(three, { year: 2027, month: 2 })).toBeNull();
    const skipped = every('month', 1, '2026-11-20', { dayOfMonth: 5, ending: 'end_after', occurrences: 1 });
    expect(recurrenceDateInMonth(skipped, { year: 2026, month: 12 })).toBe('2026-12-05');
    expect(recurrenceDateInMonth(skipped, { year: 2027, month: 1 })).toBeNull();
  });

  it('stops after N occurrences within a month for daily budgets', () => {
    const twice = every('day', 10, '2026-03-01', { ending: 'end_after', occurrences: 2 });
    expect(occurrencesInMonth(twice, { year: 2026, month: 3 })).toEqual(['2026-03-01', '2026-03-11']);
  });

  it('stops by an end date, inclusive', () => {
    const until = every('month', 1, '2026-01-31', { ending: 'end_by', endDate: '2026-04-30' });
    expect(recurrenceDateInMonth(until, { year: 2026, month: 4 })).toBe('2026-04-30');
    expect(recurrenceDateInMonth(until, { year: 2026, month: 5 })).toBeNull();
  });

  it('never ends when told so', () => {
    expect(recurrenceDateInMonth(every('month', 1, '2026-01-01'), { year: 2099, month: 12 })).toBe('2099-12-01');
  });

  it('lets a one-off budget fall due once', () => {
    const once: Recurrence = { start: '2026-07-04', isRecurring: false, frequency: 'month', interval: 1, ending: 'never' };
    expect(occurrencesInMonth(once, { year: 2026, month: 7 })).toEqual(['2026-07-04']);
    expect(occurrencesInMonth(once, { year: 2026, month: 8 })).toEqual([]);
  });
});
