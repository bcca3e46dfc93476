import { describe, expect, it } from 'vitest';
import {
  type IncomeSourceRule,
  expectedIncome,
  expectedIncomeCents,
  incomeDatesInMonth,
  matchReceived,
  receiptSearchRange,
} from './expected';

const source = (recurrence: IncomeSourceRule['recurrence'], startDate: string, extra: Partial<IncomeSourceRule> = {}): IncomeSourceRule => ({
  id: 1,
  entityId: 10,
  amountCents: 100_000,
  startDate,
  recurrence,
  ...extra,
});

describe('once monthly income', () => {
  it("pays on the start date's day each month, from the start month on", () => {
    const salary = source('monthly', '2026-10-15');
    expect(incomeDatesInMonth(salary, { year: 2026, month: 9 })).toEqual([]);
    expect(incomeDatesInMonth(salary, { year: 2026, month: 10 })).toEqual(['2026-10-15']);
    expect(incomeDatesInMonth(salary, { year: 2027, month: 1 })).toEqual(['2027-01-15']);
  });

  it('moves the 29th-31st to the last day of shorter months, leap years included', () => {
    const salary = source('monthly', '2026-01-31');
    expect(incomeDatesInMonth(salary, { year: 2026, month: 2 })).toEqual(['2026-02-28']);
    expect(incomeDatesInMonth(salary, { year: 2028, month: 2 })).toEqual(['2028-02-29']);
    expect(incomeDatesInMonth(salary, { year: 2026, month: 4 })).toEqual(['2026-04-30']);
    expect(incomeDatesInMonth(salary, { year: 2026, month: 3 })).toEqual(['2026-03-31']);
    expect(incomeDatesInMonth(source('monthly', '2028-02-29'), { year: 2029, month: 2 })).toEqual(['2029-02-28']);
  });
});

describe('1st and 15th', () => {
  it('pays twice every month, never before the start date', () => {
    const pay = source('twice_monthly', '2026-11-10');
    expect(incomeDatesInMonth(pay, { year: 2026, month: 10 })).toEqual([]);
    expect(incomeDatesInMonth(pay, { year: 2026, month: 11 })).toEqual(['2026-11-15']);
    expect(incomeDatesInMonth(pay, { year: 2026, month: 12 })).toEqual(['2026-12-01', '2026-12-15']);
    expect(incomeDatesInMonth(pay, { year: 2027, month: 2 })).toEqual(['2027-02-01', '2027-02-15']);
  });

  it('counts a start on the 15th itself', () => {
    expect(incomeDatesInMonth(source('twice_monthly', '2026-11-15'), { year: 2026, month: 11 })).toEqual(['2026-11-15']);
  });
});

describe('every two weeks', () => {
  it('continues from a start in an earlier month, across a year end', () => {
    const pay = source('every_two_weeks', '2026-12-25');
    expect(incomeDatesInMonth(pay, { year: 2026, month: 12 })).toEqual(['2026-12-25']);
    expect(incomeDatesInMonth(pay, { year: 2027, month: 1 })).toEqual(['2027-01-08', '2027-01-22']);
    expect(incomeDatesInMonth(pay, { year: 2027, month: 2 })).toEqual(['2027-02-05', '2027-02-19']);
  });

  it('pays three times in some 31-day months and crosses a leap day', () => {
    const pay = source('every_two_weeks', '2026-01-02');
    expect(incomeDatesInMonth(pay, { year: 2026, month: 1 })).toEqual(['2026-01-02', '2026-01-16', '2026-01-30']);
    const leap = source('every_two_weeks', '2028-02-15');
    expect(incomeDatesInMonth(leap, { year: 2028, month: 2 })).toEqual(['2028-02-15', '2028-02-29']);
    expect(incomeDatesInMonth(leap, { year: 2028, month: 3 })).toEqual(['2028-03-14', '2028-03-28']);
  });
});

describe('every X days', () => {
  it('counts from the start date in an earlier month', () => {
    const pay = source('every_x_days', '2026-10-20', { xDays: 10 });
    expect(incomeDatesInMonth(pay, { year: 2026, month: 10 })).toEqual(['2026-10-20', '2026-10-30']);
    expect(incomeDatesInMonth(pay, { year: 2026, month: 11 })).toEqual(['2026-11-09', '2026-11-19', '2026-11-29']);
  });

  it('defaults to every 14 days, accepts every day, and handles a 28-day February', () => {
    expect(incomeDatesInMonth(source('every_x_days', '2027-01-29'), { year: 2027, month: 2 })).toEqual(['2027-02-12', '2027-02-26']);
    expect(incomeDatesInMonth(source('every_x_days', '2027-02-27', { xDays: 1 }), { year: 2027, month: 2 })).toEqual(['2027-02-27', '2027-02-28']);
    expect(incomeDatesInMonth(source('every_x_days', '2027-02-01', { xDays: 28 }), { year: 2027, month: 3 })).toEqual(['2027-03-01', '2027-03-29']);
  });

  it('expects nothing in a month a long interval skips', () => {
    const pay = source('every_x_days', '2026-01-31', { xDays: 45 });
    expect(incomeDatesInMonth(pay, { year: 2026, month: 2 })).toEqual([]);
    expect(incomeDatesInMonth(pay, { year: 2026, month: 3 })).toEqual(['2026-03-17']);
  });
});

describe("a month's expected income", () => {
  const sources = [
    source('monthly', '2026-10-31', { id: 2, amountCents: 250_000 }),
    source('every_two_weeks', '2026-10-23', { id: 1, entityId: 11, amountCents: 40_000 }),
  ];

  it('lists every payment by date and totals them', () => {
    expect(expectedIncome(sources, { year: 2026, month: 11 }).map((p) => [p.sourceId, p.date, p.amountCents])).toEqual([
      [1, '2026-11-06', 40_000],
      [1, '2026-11-20', 40_000],
      [2, '2026-11-30', 250_000],
    ]);
    expect(expectedIncomeCents(sources, { year: 2026, month: 11 })).toBe(330_000);
    expect(expectedIncomeCents([], { year: 2026, month: 11 })).toBe(0);
  });

  it('looks for receipts 3 days either side of the month', () => {
    expect(receiptSearchRange({ year: 2026, month: 3 })).toEqual({ from: '2026-02-26', to: '2026-04-03' });
  });
});

describe('received payments', () => {
  const payments = [
    { sourceId: 1, entityId: 10, date: '2026-11-01', amountCents: 100 },
    { sourceId: 1, entityId: 10, date: '2026-11-15', amountCents: 100 },
    { sourceId: 2, entityId: 20, date: '2026-11-15', amountCents: 500 },
  ];

  it('matches an income of the same entity within ±3 days, the closest first', () => {
    const matched = matchReceived(payments, [
      { id: 7, entityId: 10, date: '2026-10-29' },
      { id: 8, entityId: 10, date: '2026-11-17' },
      { id: 9, entityId: 10, date: '2026-11-14' },
      { id: 10, entityId: 20, date: '2026-11-19' },
    ]);
    expect(matched.map((p) => [p.received, p.transactionId])).toEqual([
      [true, 7],
      [true, 9],
      [false, null],
    ]);
  });

  it('lets each transaction pay at most one payment and ignores other entities', () => {
    const twice = [
      { sourceId: 1, entityId: 10, date: '2026-11-15', amountCents: 100 },
      { sourceId: 3, entityId: 10, date: '2026-11-15', amountCents: 100 },
    ];
    const matched = matchReceived(twice, [
      { id: 1, entityId: 10, date: '2026-11-15' },
      { id: 2, entityId: null, date: '2026-11-15' },
    ]);
    expect(matched.map((p) => p.transactionId)).toEqual([1, null]);
  });
});
