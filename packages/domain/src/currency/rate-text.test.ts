import { describe, expect, it } from 'vitest';
import {
  RATE_NOT_A_NUMBER,
  RATE_NOT_POSITIVE,
  RATE_TOO_LARGE,
  RATE_TOO_PRECISE,
  canonicalRate,
  decimalText,
  rateProblem,
} from './rate-text';

describe('a person’s manual rate', () => {
  it('accepts plain positive decimals up to 1,000,000 with at most 12 decimal places', () => {
    for (const ok of ['1', '0.0064', '157.12', '1000000', '1000000.000', '0.000000000001', '2.500000000000000']) {
      expect(rateProblem(ok), ok).toBeNull();
    }
  });

  it('refuses what is not a rate, with a sentence for each reason', () => {
    expect(rateProblem('abc')).toBe(RATE_NOT_A_NUMBER);
    expect(rateProblem('1,08')).toBe(RATE_NOT_A_NUMBER);
    expect(rateProblem('1e3')).toBe(RATE_NOT_A_NUMBER);
    expect(rateProblem('-1')).toBe(RATE_NOT_A_NUMBER);
    expect(rateProblem('')).toBe(RATE_NOT_A_NUMBER);
    expect(rateProblem('0')).toBe(RATE_NOT_POSITIVE);
    expect(rateProblem('0.000')).toBe(RATE_NOT_POSITIVE);
    expect(rateProblem('1000000.0001')).toBe(RATE_TOO_LARGE);
    expect(rateProblem('99999999')).toBe(RATE_TOO_LARGE);
    expect(rateProblem('0.0000000000001')).toBe(RATE_TOO_PRECISE);
  });

  it('is stored written one way', () => {
    expect(canonicalRate(' 001.50 ')).toBe('1.5');
    expect(canonicalRate('1000000.000')).toBe('1000000');
    expect(canonicalRate('0.0064')).toBe('0.0064');
    expect(() => canonicalRate('0')).toThrow(RangeError);
  });

  it('writes scaled digits as decimal text', () => {
    expect(decimalText(12340n, 3)).toBe('12.34');
    expect(decimalText(5n, 4)).toBe('0.0005');
    expect(decimalText(15n, -2)).toBe('1500');
    expect(decimalText(100n, 2)).toBe('1');
  });
});
