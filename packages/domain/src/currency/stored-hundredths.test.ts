import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCode } from './currency-code';
import { formatMoneyIn } from './format-money';
import { formatStoredAmount, hundredthsOf, moneyFromHundredths } from './stored-hundredths';

const JPY = currencyCode('JPY');
const EUR = currencyCode('EUR');
const BHD = currencyCode('BHD');

describe('stored hundredths as money', () => {
  it('turns a stored figure into the currency’s own minor units', () => {
    expect(moneyFromHundredths(123400, JPY)).toEqual({ amount: 1234, currency: JPY });
    expect(moneyFromHundredths(123456, EUR)).toEqual({ amount: 123456, currency: EUR });
    expect(moneyFromHundredths(123, BHD)).toEqual({ amount: 1230, currency: BHD });
  });

  it('shows what the person typed: ¥1,234, 1.234,56 €, BHD 1.230', () => {
    expect(formatMoneyIn(moneyFromHundredths(123400, JPY) ?? fail(), 'en-US')).toBe('¥1,234');
    expect(formatMoneyIn(moneyFromHundredths(123456, EUR) ?? fail(), 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoneyIn(moneyFromHundredths(123, BHD) ?? fail(), 'en-US')).toBe('BHD\u00a01.230');
  });

  it('rounds a fraction of a yen half away from zero, and gives nothing for what is no number', () => {
    expect(moneyFromHundredths(150, JPY)?.amount).toBe(2);
    expect(moneyFromHundredths(-150, JPY)?.amount).toBe(-2);
    expect(moneyFromHundredths(149, JPY)?.amount).toBe(1);
    expect(moneyFromHundredths(Number.NaN, EUR)).toBeNull();
    expect(moneyFromHundredths(null, EUR)).toBeNull();
  });

  it('keeps every whole number of yen exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (yen) => {
        expect(moneyFromHundredths(yen * 100, JPY)?.amount).toBe(yen);
      }),
    );
  });
});

function fail(): never {
  throw new Error('expected a Money value');
}

describe('stored amounts written for people', () => {
  it('writes the currency’s own way, and zero for what is no number', () => {
    expect(formatStoredAmount(4150, EUR)).toBe('€41.50');
    expect(formatStoredAmount(123400, JPY)).toBe('¥1,234');
    expect(formatStoredAmount(Number.NaN, EUR)).toBe('€0.00');
    expect(formatStoredAmount(123456, currencyCode('USD'), 'en-US', { wholeUnits: true })).toBe('$1,235');
  });
});

describe('money as stored hundredths', () => {
  it('is the inverse of moneyFromHundredths for every currency', () => {
    expect(hundredthsOf({ amount: 1234, currency: JPY })).toBe(123400);
    expect(hundredthsOf({ amount: 4150, currency: EUR })).toBe(4150);
    expect(hundredthsOf({ amount: 1235, currency: BHD })).toBe(124);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(JPY, EUR, BHD), (amount, currency) => {
        const money = moneyFromHundredths(hundredthsOf({ amount, currency }), currency);
        if (currency === BHD) expect(Math.abs((money?.amount ?? 0) - amount)).toBeLessThanOrEqual(5);
        else expect(money).toEqual({ amount: amount === 0 ? 0 : amount, currency });
      }),
    );
  });
});
