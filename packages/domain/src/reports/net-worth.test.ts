import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCode } from '../currency/currency-code';
import { type DayNet, type NetWorthAccount, isLiabilityAccount, netWorthByMonth, readingForMonthEnd } from './net-worth';

const reading = (date: string, availableCents: number, currentCents = availableCents) => ({ date, availableCents, currentCents });
const months = [
  { year: 2026, month: 1 },
  { year: 2026, month: 2 },
  { year: 2026, month: 3 },
];

describe('net worth by month', () => {
  it('counts an account in another currency at each month end’s rate, and leaves it out of a month without one', () => {
    const euros: NetWorthAccount = {
      id: 7,
      liability: false,
      readings: [reading('2026-01-10', 100_000)],
      conversion: {
        currency: currencyCode('EUR'),
        base: currencyCode('USD'),
        rateOnMonthEnd: new Map([
          ['2026-01-31', null],
          ['2026-02-28', '1.08'],
          ['2026-03-31', '1.1'],
        ]),
      },
    };
    const dollars: NetWorthAccount = { id: 8, liability: false, readings: [reading('2026-01-10', 50_000)] };
    // €1,000.00, then €1,200.00 from 1 March (in euros: the account's own days).
    const days: DayNet[] = [{ accountId: 7, date: '2026-03-01', netCents: 20_000 }];
    const [january, february, march] = netWorthByMonth([euros, dollars], days, months);
    expect(january).toMatchObject({ accountsCounted: 1, netWorthCents: 50_000 });
    expect(february).toMatchObject({ accountsCounted: 2, netWorthCents: 50_000 + 108_000 });
    expect(march).toMatchObject({ accountsCounted: 2, netWorthCents: 50_000 + 132_000 });
  });

  it('counts the Credit card type and a checking account of the card subtype as debts', () => {
    expect(isLiabilityAccount('Credit card', null)).toBe(true);
    expect(isLiabilityAccount('Checking', 'credit card')).toBe(true);
    expect(isLiabilityAccount('Checking', 'Credit Card')).toBe(true);
    expect(isLiabilityAccount('Checking', null)).toBe(false);
    expect(isLiabilityAccount('Savings', 'debit')).toBe(false);
  });

  it('applies the latest reading by the month end, else the first one', () => {
    const readings = [reading('2026-02-10', 100), reading('2026-03-31', 200)];
    expect(readingForMonthEnd(readings, '2026-01-31')?.availableCents).toBe(100);
    expect(readingForMonthEnd(readings, '2026-02-28')?.availableCents).toBe(100);
    expect(readingForMonthEnd(readings, '2026-03-31')?.availableCents).toBe(200);
    expect(readingForMonthEnd([], '2026-03-31')).toBeUndefined();
  });

  it('rolls an asset forward by its net change and a card by the opposite, from the reading day on', () => {
    const accounts: NetWorthAccount[] = [
      { id: 1, liability: false, readings: [reading('2026-01-15', 100_000)] },
      { id: 2, liability: true, readings: [reading('2026-01-15', 450_000, 50_000)] },
    ];
    const days: DayNet[] = [
      { accountId: 1, date: '2026-01-15', netCents: -999 }, // on the reading's day: already in it
      { accountId: 1, date: '2026-01-20', netCents: 20_000 },
      { accountId: 1, date: '2026-02-03', netCents: -30_000 }, // pays the card...
      { accountId: 2, date: '2026-02-03', netCents: 30_000 }, // ...which owes that much less
      { accountId: 2, date: '2026-03-09', netCents: -5_000 }, // a purchase on the card
    ];
    expect(netWorthByMonth(accounts, days, months)).toEqual([
      { month: '2026-01', accountsCounted: 2, assetsCents: 120_000, liabilitiesCents: 50_000, netWorthCents: 70_000 },
      { month: '2026-02', accountsCounted: 2, assetsCents: 90_000, liabilitiesCents: 20_000, netWorthCents: 70_000 },
      { month: '2026-03', accountsCounted: 2, assetsCents: 90_000, liabilitiesCents: 25_000, netWorthCents: 65_000 },
    ]);
  });

  it('counts an account from the month of its first reading on, and never one without a reading (issue 36)', () => {
    const accounts: NetWorthAccount[] = [
      { id: 1, liability: false, readings: [reading('2026-02-27', 7_000)] },
      { id: 2, liability: true, readings: [reading('2026-03-05', 2_000, 2_000)] },
      { id: 3, liability: false, readings: [] },
    ];
    const days: DayNet[] = [{ accountId: 1, date: '2026-02-01', netCents: 500 }, { accountId: 3, date: '2026-01-02', netCents: 800 }];
    // January: nothing existed yet, not the February balance drawn back; March: the card too.
    expect(netWorthByMonth(accounts, days, months).map((month) => [month.accountsCounted, month.netWorthCents])).toEqual([
      [0, 0],
      [1, 7_000],
      [2, 5_000],
    ]);
  });

  it('is unchanged by a transfer between two of one\'s own accounts, whatever their kinds', () => {
    const account = fc.record({ liability: fc.boolean(), balance: fc.integer({ min: -1_000_000, max: 1_000_000 }) });
    fc.assert(
      fc.property(account, account, fc.integer({ min: 1, max: 500_000 }), fc.integer({ min: 1, max: 28 }), (a, b, amount, day) => {
        const accounts: NetWorthAccount[] = [
          { id: 1, liability: a.liability, readings: [reading('2026-01-01', a.balance)] },
          { id: 2, liability: b.liability, readings: [reading('2026-01-01', b.balance)] },
        ];
        const date = `2026-02-${String(day + 1).padStart(2, '0')}`;
        // Out of one as an expense, into the other as income (docs/DECISIONS.md #47).
        const legs: DayNet[] = [{ accountId: 1, date, netCents: -amount }, { accountId: 2, date, netCents: amount }];
        const [january, february] = netWorthByMonth(accounts, legs, months.slice(0, 2));
        // Paying a card from checking, or cash out of a card: one debt or asset less, the other more.
        expect(february?.netWorthCents).toBe(january?.netWorthCents);
      }),
    );
  });

  it('gives the same figures from the range\'s days and a carry as from every day since the readings', () => {
    const day = fc.record({
      accountId: fc.constantFrom(1, 2),
      date: fc.integer({ min: 0, max: 700 }).map((offset) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10)),
      netCents: fc.integer({ min: -100_000, max: 100_000 }),
    });
    const readingDate = fc.integer({ min: 0, max: 700 }).map((offset) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 40 }), fc.uniqueArray(readingDate, { minLength: 1, maxLength: 3 }), fc.boolean(), (days, dates, liability) => {
        const readings = [...dates].sort().map((date, index) => reading(date, 1_000 * (index + 1), 500 * (index + 1)));
        const range = [{ year: 2026, month: 2 }, { year: 2026, month: 3 }, { year: 2026, month: 4 }];
        const rangeStart = '2026-02-01';
        const everything: NetWorthAccount[] = [1, 2].map((id) => ({ id, liability: id === 2 && liability, readings }));
        const whole = netWorthByMonth(everything, days, range);
        const withCarry: NetWorthAccount[] = everything.map((account) => {
          const before = account.readings.filter((r) => r.date < rangeStart).at(-1);
          const carryCents = before
            ? days.filter((d) => d.accountId === account.id && d.date > before.date && d.date < rangeStart).reduce((sum, d) => sum + d.netCents, 0)
            : 0;
          return { ...account, carryCents };
        });
        expect(netWorthByMonth(withCarry, days.filter((d) => d.date >= rangeStart), range)).toEqual(whole);
      }),
    );
  });
});
