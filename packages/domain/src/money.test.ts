import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCode } from './currency/currency-code';
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

describe('money in its currency, formatted the person’s way', () => {
  const of = (amount: number, code: string) => ({ amount, currency: currencyCode(code) });

  it('shows each currency with its ISO places in the locale’s own way', () => {
    expect(formatMoney(of(123456, 'EUR'), 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(of(123456, 'EUR'), 'fr-FR')).toBe('1\u202f234,56\u00a0€');
    expect(formatMoney(of(123456, 'EUR'), 'en-US')).toBe('€1,234.56');
    expect(formatMoney(of(1234, 'JPY'), 'en-US')).toBe('¥1,234');
    expect(formatMoney(of(1234, 'BHD'), 'en-US')).toBe('BHD\u00a01.234');
    expect(formatMoney(of(123456789, 'INR'), 'en-IN')).toBe('₹12,34,567.89');
    // CLDR would show IQD without decimals; the stored 1234 is 1.234 dinars, so three places show.
    expect(formatMoney(of(1234, 'IQD'), 'en-US')).toBe('IQD\u00a01.234');
    expect(formatMoney(of(-5, 'USD'), 'en-US')).toBe('-$0.05');
  });

  it('formats the exact amount, even beyond what a float holds to the cent', () => {
    expect(formatMoney(of(Number.MAX_SAFE_INTEGER, 'USD'), 'en-US')).toBe('$90,071,992,547,409.91');
  });

  it('rounds whole units half away from zero', () => {
    expect(formatMoney(of(150, 'EUR'), 'de-DE', { wholeUnits: true })).toBe('2\u00a0€');
    expect(formatMoney(of(-150, 'USD'), 'en-US', { wholeUnits: true })).toBe('-$2');
  });

  it('keeps the cents formatters byte-identical to what they showed before', () => {
    const before = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const beforeWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (cents) => {
        expect(formatMoney(cents)).toBe(before.format(cents / 100));
        expect(formatWholeDollars(cents)).toBe(beforeWhole.format(cents / 100));
      }),
    );
  });
});
