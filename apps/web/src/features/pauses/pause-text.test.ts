import { describe, expect, it } from 'vitest';
import type { PauseSummary } from '@mindspend/api-contract';
import {
  basisLine,
  boughtText,
  countdownText,
  expectedRegretText,
  feltComparisonText,
  localDateText,
  matchText,
  percentText,
  skippedText,
  statusText,
  undecidedText,
} from './pause-text';

const dollars = (amount: number) => `$${amount.toFixed(2)}`;
// Local times, so the calendar-day rules hold in whatever time zone the tests run.
const noon = new Date(2026, 10, 24, 12, 0);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).toISOString();

describe('the countdown to a decision', () => {
  it('counts calendar days, not 24-hour spans', () => {
    expect(countdownText(at(27, 12), noon)).toBe('Decide in 3 days');
    expect(countdownText(at(25, 12), noon)).toBe('Decide tomorrow');
    // Early tomorrow morning is still tomorrow, though less than a day away.
    expect(countdownText(at(25, 1), noon)).toBe('Decide tomorrow');
    expect(countdownText(at(24, 18), noon)).toBe('Decide later today');
  });

  it('says it is time once the cooling-off has ended', () => {
    expect(countdownText(at(24, 12), noon)).toBe('Time to decide');
    expect(countdownText(at(20, 9), noon)).toBe('Time to decide');
  });

  it('reads the status before the clock: due, decided, else the countdown', () => {
    const later = at(27, 12);
    expect(statusText({ status: 'waiting', decision: null, remind_at: later }, noon)).toBe('Decide in 3 days');
    // The server's word wins over a browser clock that runs behind.
    expect(statusText({ status: 'reminder_due', decision: null, remind_at: later }, noon)).toBe('Time to decide');
    expect(statusText({ status: 'decided', decision: 'skipped', remind_at: later }, noon)).toBe('Skipped');
    expect(statusText({ status: 'decided', decision: 'bought', remind_at: later }, noon)).toBe('Bought');
  });
});

describe('the forecast in words', () => {
  it('writes rates with the one decimal the API gives, and only when there is enough history', () => {
    expect(percentText(64)).toBe('64%');
    expect(percentText(63.6)).toBe('63.6%');
    expect(expectedRegretText({ enough: true, regret_rate: 64 })).toBe('Expected regret: 64%');
    expect(expectedRegretText({ enough: false, regret_rate: null })).toBeNull();
  });

  it('writes the similar purchases as a count and a trigger as its rate and lift', () => {
    expect(basisLine({ kind: 'payee', label: 'Sound Shop', feelings: 11, regretted: 7, rate: 63.6, lift: null })).toBe(
      'Sound Shop: 7 of 11 regretted (63.6%)',
    );
    expect(basisLine({ kind: 'weekday', label: 'Friday', feelings: 10, regretted: 4, rate: 40, lift: 1.6 })).toBe('Friday: 40% regretted (×1.6)');
  });

  it('offers a recorded purchase as the match with its date, payee and amount', () => {
    expect(matchText({ transaction_id: 3, date: '2026-11-22', payee: 'Sound Shop', amount: 179 }, dollars)).toBe(
      'Looks like you bought it on 11/22/2026: Sound Shop $179.00',
    );
  });

  it("writes an instant as the person's local date", () => {
    expect(localDateText(new Date(2026, 10, 24, 23, 30).toISOString())).toBe('11/24/2026');
  });
});

describe('the summary', () => {
  const felt = (felt: number, regretted: number, rate: number | null): PauseSummary['rest'] => ({ felt, regretted, rate });

  it('counts what was skipped as regret avoided, and what was bought', () => {
    expect(skippedText({ count: 3, total: 420 }, dollars)).toBe('Skipped 3 purchases worth $420.00 — regret avoided');
    expect(skippedText({ count: 1, total: 180 }, dollars)).toBe('Skipped 1 purchase worth $180.00 — regret avoided');
    expect(skippedText({ count: 0, total: 0 }, dollars)).toBe('Nothing skipped yet');
    expect(boughtText({ count: 1, total: 180 }, dollars)).toBe('Bought 1 purchase worth $180.00 after a pause');
    expect(boughtText({ count: 0, total: 0 }, dollars)).toBe('Nothing bought after a pause');
  });

  it('compares how purchases bought after a pause were felt with the rest, saying when nothing was felt', () => {
    expect(feltComparisonText(felt(4, 1, 25), felt(10, 3, 30))).toBe('Bought after a pause: 1 of 4 regretted (25%) · everything else: 30%');
    expect(feltComparisonText(felt(0, 0, null), felt(10, 3, 30))).toBe('Bought after a pause: nothing felt yet · everything else: 30%');
    expect(feltComparisonText(felt(0, 0, null), felt(0, 0, null))).toBe('Bought after a pause: nothing felt yet · everything else: nothing felt yet');
  });

  it('mentions pauses still waiting only when there are some', () => {
    expect(undecidedText(2)).toBe('2 still waiting for a decision');
    expect(undecidedText(0)).toBeNull();
  });
});
