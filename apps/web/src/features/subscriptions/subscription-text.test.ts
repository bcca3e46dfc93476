import { describe, expect, it } from 'vitest';
import {
  cadenceWord,
  chargesText,
  dayText,
  latestAnswerText,
  payeeText,
  priceHistoryText,
  regrettedTotalText,
} from './subscription-text';

/** A plain dollar writer: the wording is under test here, not the app's number format. */
const money = (amount: number) => `$${amount.toFixed(2)}`;

describe('the words of the subscriptions page (issue 31)', () => {
  it('names each cadence in words', () => {
    expect(cadenceWord('monthly')).toBe('Monthly');
    expect(cadenceWord('quarterly')).toBe('Every 3 months');
    expect(cadenceWord('yearly')).toBe('Yearly');
  });

  it("writes a date without its year in today's year, with it otherwise", () => {
    expect(dayText('2026-07-15', '2026-11-02')).toBe('Jul 15');
    expect(dayText('2025-12-31', '2026-01-04')).toBe('Dec 31, 2025');
    expect(dayText('2027-01-03', '2026-12-20')).toBe('Jan 3, 2027');
    expect(dayText('soon', '2026-12-20')).toBe('soon');
  });

  it('tells the price history only once the price has changed', () => {
    expect(priceHistoryText([], money, '2026-11-02')).toBeNull();
    expect(priceHistoryText([{ date: '2026-03-15', amount: 15.49 }], money, '2026-11-02')).toBeNull();
    expect(
      priceHistoryText(
        [
          { date: '2026-03-15', amount: 13.99 },
          { date: '2026-07-15', amount: 15.49 },
        ],
        money,
        '2026-11-02',
      ),
    ).toBe('$13.99 → $15.49 since Jul 15');
    // Every step, a fall included, and the year of a step in another year.
    expect(
      priceHistoryText(
        [
          { date: '2024-02-01', amount: 9.99 },
          { date: '2025-02-01', amount: 12.99 },
          { date: '2025-09-01', amount: 11.99 },
        ],
        money,
        '2026-01-10',
      ),
    ).toBe('$9.99 → $12.99 → $11.99 since Sep 1, 2025');
  });

  it('counts charges', () => {
    expect(chargesText(1)).toBe('1 charge');
    expect(chargesText(4)).toBe('4 charges');
  });

  it('names the payee only when the person renamed the subscription', () => {
    expect(payeeText({ name: 'StreamFlix', payee: 'StreamFlix' })).toBeNull();
    expect(payeeText({ name: 'Films', payee: 'STREAMFLIX.COM' })).toBe('Payee: STREAMFLIX.COM');
  });

  it('recalls the latest second look, with its note', () => {
    expect(latestAnswerText(null, '2026-11-02')).toBeNull();
    // Midday UTC is the same calendar day in every time zone the tests run in.
    const answered = { amount: 15.49, created_at: '2026-10-20T12:00:00.000Z' };
    expect(latestAnswerText({ ...answered, still_worth_it: true, note: null }, '2026-11-02')).toBe('You said it is still worth it (Oct 20)');
    expect(latestAnswerText({ ...answered, still_worth_it: false, note: 'never watch it' }, '2026-11-02')).toBe(
      'You said it is not worth it (Oct 20): “never watch it”',
    );
  });

  it('sums up the regretted subscriptions a year', () => {
    expect(regrettedTotalText({ count: 2, yearly_total: 372 }, money)).toBe('These add up to $372.00 a year.');
    expect(regrettedTotalText({ count: 1, yearly_total: 185.88 }, money)).toBe('This adds up to $185.88 a year.');
  });
});
