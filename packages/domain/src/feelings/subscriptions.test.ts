import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Charge,
  cadenceOf,
  detectSubscriptions,
  nextChargeDate,
  subscriptionReviewDue,
  subscriptionReviewQuestion,
} from './subscriptions';

let nextId = 1;
const charge = (payee: string, date: string, amountCents: number, payeeId = payee.length): Charge => ({ id: nextId++, date, amountCents, payeeId, payee });
const monthly = (payee: string, from: number, to: number, amountCents: (month: number) => number, day = 15, year = 2026): Charge[] =>
  Array.from({ length: to - from + 1 }, (_, i) => charge(payee, `${year}-${String(from + i).padStart(2, '0')}-${String(day).padStart(2, '0')}`, amountCents(from + i)));

describe('detectSubscriptions', () => {
  it('finds a monthly charge with its price rise kept as history, its yearly cost and its next charge', () => {
    const netflix = monthly('Netflix', 1, 10, (month) => (month < 7 ? 1_399 : 1_549));
    const [found, ...rest] = detectSubscriptions(netflix, '2026-11-01');
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      id: netflix[0]?.id,
      payee: 'Netflix',
      cadence: 'monthly',
      amountCents: 1_549,
      yearlyCents: 18_588,
      firstDate: '2026-01-15',
      lastDate: '2026-10-15',
      nextDate: '2026-11-15',
      charges: 10,
      priceHistory: [
        { date: '2026-01-15', amountCents: 1_399 },
        { date: '2026-07-15', amountCents: 1_549 },
      ],
      lastRiseDate: '2026-07-15',
      status: 'active',
    });
  });

  it('keeps two plans at one payee apart, and finds quarterly and yearly cadences', () => {
    const apple = [...monthly('Apple', 3, 8, () => 299, 2), ...monthly('Apple', 3, 8, () => 1_099, 20)];
    const insurance = ['2026-01-10', '2026-04-10', '2026-07-09', '2026-10-10'].map((date) => charge('Insurer', date, 12_000));
    const domain = ['2024-05-01', '2025-05-01', '2026-04-28'].map((date) => charge('Registrar', date, 1_500));
    const found = detectSubscriptions([...apple, ...insurance, ...domain], '2026-09-01');
    expect(found.map((s) => [s.payee, s.cadence, s.amountCents, s.status])).toEqual([
      ['Insurer', 'quarterly', 12_000, 'active'],
      ['Apple', 'monthly', 1_099, 'active'],
      ['Apple', 'monthly', 299, 'active'],
      ['Registrar', 'yearly', 1_500, 'active'],
    ]);
  });

  it('does not take groceries, two charges, or a charge whose price jumps for a subscription, and ends one that stopped', () => {
    const groceries = Array.from({ length: 20 }, (_, i) => charge('Market', `2026-0${1 + Math.floor(i / 4)}-${String(1 + (i % 4) * 7).padStart(2, '0')}`, 5_000 + i * 37));
    const twice = monthly('Gym', 1, 2, () => 3_000);
    const jumps = monthly('Utility', 1, 6, (month) => (month % 2 ? 4_000 : 9_000));
    expect(detectSubscriptions([...groceries, ...twice, ...jumps], '2026-07-01')).toEqual([]);
    const stopped = detectSubscriptions(monthly('Magazine', 1, 5, () => 900), '2026-07-10');
    expect(stopped[0]).toMatchObject({ status: 'ended', nextDate: '2026-06-15' });
  });

  it('survives a missed month, keeps the day of the month across short months', () => {
    expect(cadenceOf(['2026-01-31', '2026-02-28', '2026-03-31', '2026-05-31', '2026-06-30', '2026-07-31'])).toBe('monthly');
    expect(nextChargeDate('2026-02-28', 'monthly', 31)).toBe('2026-03-31');
    expect(nextChargeDate('2026-01-31', 'monthly')).toBe('2026-02-28');
  });

  it('gives the same subscriptions whatever order the rows arrive in (fast-check)', () => {
    const rows = [
      ...monthly('Netflix', 1, 9, (m) => (m < 5 ? 1_399 : 1_549)),
      ...monthly('Apple', 2, 9, () => 299, 3),
      ...monthly('Apple', 2, 9, () => 1_099, 3),
      ...['2026-01-10', '2026-04-10', '2026-07-10'].map((date) => charge('Insurer', date, 12_000)),
      ...monthly('Market', 1, 9, (m) => (m % 2 ? 4_000 : 9_000), 8),
    ];
    const expected = detectSubscriptions(rows, '2026-10-01');
    expect(expected).toHaveLength(4);
    fc.assert(
      fc.property(fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }), (shuffled) => {
        expect(detectSubscriptions(shuffled, '2026-10-01')).toEqual(expected);
      }),
    );
  });
});

describe('the second look at a subscription', () => {
  it('asks when never asked, a quarter after the last answer, and after a price rise', () => {
    const active = { status: 'active' as const, lastRiseDate: '2026-07-15' };
    expect(subscriptionReviewDue(active, null, '2026-08-01')).toBe(true);
    expect(subscriptionReviewDue(active, '2026-08-01', '2026-10-29')).toBe(false);
    expect(subscriptionReviewDue(active, '2026-08-01', '2026-10-30')).toBe(true);
    expect(subscriptionReviewDue(active, '2026-07-01', '2026-07-20')).toBe(true);
    expect(subscriptionReviewDue({ status: 'ended', lastRiseDate: null }, null, '2026-08-01')).toBe(false);
    expect(subscriptionReviewQuestion('$15.49', 'monthly', 'Netflix')).toBe('Still glad you pay $15.49 a month for Netflix?');
    expect(subscriptionReviewQuestion('$120.00', 'quarterly', 'Insurer')).toBe('Still glad you pay $120.00 a quarter for Insurer?');
  });
});
