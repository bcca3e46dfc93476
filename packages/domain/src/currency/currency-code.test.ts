import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyCode, isCurrencyCode, minorUnits } from './currency-code';

describe('ISO 4217 currency codes', () => {
  it('knows the minor units ISO gives, which decide what a stored 1234 means', () => {
    const units = Object.fromEntries(
      ['JPY', 'EUR', 'USD', 'BHD', 'KWD', 'IQD', 'CLP', 'ISK', 'KRW', 'CLF', 'UYW'].map((code) => [code, minorUnits(currencyCode(code))]),
    );
    expect(units).toEqual({ JPY: 0, EUR: 2, USD: 2, BHD: 3, KWD: 3, IQD: 3, CLP: 0, ISK: 0, KRW: 0, CLF: 4, UYW: 4 });
  });

  it('accepts active codes exactly as written and nothing else', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    for (const text of ['eur', 'Eur', ' EUR', 'EURO', 'XYZ', '', 'XAU', 'XXX', 'HRK', 'toString', '__proto__']) {
      expect(isCurrencyCode(text), text).toBe(false);
    }
    expect(() => currencyCode('usd')).toThrow('"usd" is not an ISO 4217 currency code.');
  });

  it('lists every code once, in order, each one Intl can format', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    for (const code of CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: code })).not.toThrow();
    }
  });
});
