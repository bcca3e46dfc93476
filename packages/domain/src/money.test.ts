import { describe, expect, it } from 'vitest';
import { formatMoney, formatWholeDollars, fromCents, hasAtMostTwoDecimals, toCents } from './money';

describe('money', () => {
  it('converts dollars to integer cents without floating-point drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-1234.56)).toBe(-123456);
    expect(fromCents(999)).toBe(9.99);
  });

  it('formats money as en-US dollars with thousands separators', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-500)).toBe('-$5.00');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('falls back to $0.00 for missing or broken figures', () => {
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });

  it('shows overview figures in whole dollars', () => {
    expect(formatWholeDollars(123456)).toBe('$1,235');
    expect(formatWholeDollars(null)).toBe('$0');
  });

  it('accepts amounts with at most two decimal places', () => {
    expect(hasAtMostTwoDecimals(9.99)).toBe(true);
    expect(hasAtMostTwoDecimals(10)).toBe(true);
    expect(hasAtMostTwoDecimals(9.999)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
  });
});
