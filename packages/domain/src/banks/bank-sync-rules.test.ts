import { describe, expect, it } from 'vitest';
import { exactCents, nextSyncDelayMinutes } from './bank-sync-rules';

describe('exactCents', () => {
  it('reads decimal strings to exact cents, keeping the sign', () => {
    expect(exactCents('-33.29')).toBe(-3329);
    expect(exactCents('+2500')).toBe(250000);
    expect(exactCents('2500.00')).toBe(250000);
    expect(exactCents('12.5')).toBe(1250);
    expect(exactCents('0.10')).toBe(10);
    expect(exactCents('0.100')).toBe(10);
    expect(exactCents('-0.00')).toBe(0);
    expect(exactCents(' 7.01 ')).toBe(701);
    // Binary floating point would make 0.29 * 100 = 28.999…; the string is read digit by digit.
    expect(exactCents('1.29')).toBe(129);
    expect(exactCents('4.35')).toBe(435);
  });

  it('refuses what is not a decimal, a fraction of a cent, or more than it can count exactly', () => {
    for (const bad of ['', 'abc', '1,000.00', '1e3', '12.', '.5', '--1', '1.005', '0.001', 'NaN', '99999999999999999'])
      expect(exactCents(bad)).toBeNull();
  });
});

describe('nextSyncDelayMinutes', () => {
  it('waits the interval after a success, and backs off from 15 minutes after failures, up to the interval', () => {
    expect(nextSyncDelayMinutes(0, 360)).toBe(360);
    expect(nextSyncDelayMinutes(1, 360)).toBe(15);
    expect(nextSyncDelayMinutes(2, 360)).toBe(30);
    expect(nextSyncDelayMinutes(3, 360)).toBe(60);
    expect(nextSyncDelayMinutes(5, 360)).toBe(240);
    expect(nextSyncDelayMinutes(6, 360)).toBe(360);
    expect(nextSyncDelayMinutes(60, 360)).toBe(360);
    // A short interval (a test's, a demo's) is never exceeded.
    expect(nextSyncDelayMinutes(1, 0.05)).toBe(0.05);
  });
});
