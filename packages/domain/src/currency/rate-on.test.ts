import { describe, expect, it } from 'vitest';
import { type DatedRate, latestRateOn, ratesByDay } from './rate-on';

const ecb = (date: string, rate: string): DatedRate => ({ date, rate, source: 'ecb' });
const manual = (date: string, rate: string): DatedRate => ({ date, rate, source: 'manual' });

describe('the rate that holds on a day', () => {
  const rates = [ecb('2026-11-20', '1.05'), ecb('2026-11-23', '1.06'), manual('2026-11-18', '1.2'), manual('2026-11-23', '1.1')];

  it('is the day’s own rate, the person’s over the ECB’s', () => {
    expect(latestRateOn(rates, '2026-11-20')).toEqual(ecb('2026-11-20', '1.05'));
    expect(latestRateOn(rates, '2026-11-23')).toEqual(manual('2026-11-23', '1.1'));
    expect(latestRateOn([manual('2026-11-23', '1.1'), ecb('2026-11-23', '1.06')], '2026-11-23')?.source).toBe('manual');
  });

  it('falls back to the latest earlier day that has one, and says which', () => {
    // A weekend: the ECB publishes nothing on the 21st and 22nd.
    expect(latestRateOn(rates, '2026-11-22')).toEqual(ecb('2026-11-20', '1.05'));
    expect(latestRateOn(rates, '2026-11-19')).toEqual(manual('2026-11-18', '1.2'));
    // A later ECB figure beats an older manual one: the latest day wins, whoever set it.
    expect(latestRateOn([manual('2026-11-18', '1.2'), ecb('2026-11-20', '1.05')], '2026-12-31')).toEqual(ecb('2026-11-20', '1.05'));
  });

  it('is null before the first rate', () => {
    expect(latestRateOn(rates, '2026-11-17')).toBeNull();
    expect(latestRateOn([], '2026-11-17')).toBeNull();
  });

  it('lists each day once, newest first, keeping the ECB’s beside a manual override', () => {
    const list = ratesByDay(
      new Map([
        ['2026-11-20', '1.05'],
        ['2026-11-23', '1.06'],
      ]),
      new Map([
        ['2026-11-23', '1.1'],
        ['2026-11-18', '1.2'],
      ]),
    );
    expect(list).toEqual([
      { date: '2026-11-23', rate: '1.1', source: 'manual', ecbRate: '1.06' },
      { date: '2026-11-20', rate: '1.05', source: 'ecb', ecbRate: '1.05' },
      { date: '2026-11-18', rate: '1.2', source: 'manual', ecbRate: null },
    ]);
  });
});
