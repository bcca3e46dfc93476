import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError } from './amount-error';
import { CURRENCY_CODES, currencyCode, minorUnits } from './currency-code';
import { minorUnitsFromNumber, parseDecimalAmount, toDecimalString } from './decimal-amount';

const EUR = currencyCode('EUR');
const JPY = currencyCode('JPY');
const BHD = currencyCode('BHD');
const safeAmount = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('decimal strings and minor units', () => {
  it('reads a decimal in the currency’s minor units', () => {
    expect(parseDecimalAmount('12.34', EUR)).toBe(1234);
    expect(parseDecimalAmount('12.3', EUR)).toBe(1230);
    expect(parseDecimalAmount('-0.05', EUR)).toBe(-5);
    expect(parseDecimalAmount('1234', JPY)).toBe(1234);
    expect(parseDecimalAmount('1.234', BHD)).toBe(1234);
    expect(parseDecimalAmount('-0', EUR)).toBe(0);
    expect(Object.is(parseDecimalAmount('-0.00', EUR), -0)).toBe(false);
  });

  it('refuses more places than the currency has, with a sentence, instead of rounding', () => {
    expect(() => parseDecimalAmount('12.345', EUR)).toThrow(new AmountError('EUR amounts have at most 2 decimal places.'));
    expect(() => parseDecimalAmount('1.5', JPY)).toThrow(new AmountError('JPY amounts have no decimal places.'));
    expect(() => parseDecimalAmount('1.0', JPY)).toThrow(AmountError);
  });

  it('refuses what is not a plain decimal, and what no safe integer holds', () => {
    for (const text of ['', '12,34', '1e3', '+1', '.5', '5.', ' 1', '0x10', 'NaN', '1 000']) {
      expect(() => parseDecimalAmount(text, EUR), text).toThrow(AmountError);
    }
    expect(() => parseDecimalAmount('90071992547409.92', EUR)).toThrow('The amount is too large.');
    expect(parseDecimalAmount('90071992547409.91', EUR)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('writes minor units as a plain decimal with the currency’s places', () => {
    expect(toDecimalString(1234, BHD)).toBe('1.234');
    expect(toDecimalString(1234, EUR)).toBe('12.34');
    expect(toDecimalString(-5, EUR)).toBe('-0.05');
    expect(toDecimalString(1234, JPY)).toBe('1234');
    expect(toDecimalString(-0, EUR)).toBe('0.00');
    expect(() => toDecimalString(12.5, EUR)).toThrow(AmountError);
  });

  it('reads a JSON number from the wire by the digits it was sent with', () => {
    expect(minorUnitsFromNumber(19.99, EUR)).toBe(1999);
    expect(() => minorUnitsFromNumber(0.1 + 0.2, EUR)).toThrow('EUR amounts have at most 2 decimal places.');
    expect(() => minorUnitsFromNumber(1e-7, EUR)).toThrow('EUR amounts have at most 2 decimal places.');
    expect(() => minorUnitsFromNumber(1e21, EUR)).toThrow('The amount is too large.');
    expect(() => minorUnitsFromNumber(Number.NaN, EUR)).toThrow(AmountError);
  });

  it('round-trips every amount in every currency, as integers only', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCY_CODES), safeAmount, (currency, amount) => {
        const text = toDecimalString(amount, currency);
        const back = parseDecimalAmount(text, currency);
        expect(Number.isSafeInteger(back)).toBe(true);
        expect(back).toBe(amount);
        expect(text.split('.')[1]?.length ?? 0).toBe(minorUnits(currency));
      }),
    );
  });

  it('round-trips decimal text the other way, up to its trailing zeros', () => {
    // Up to 10^11 whole units: with four minor units (CLF) that is 10^15, inside a safe integer.
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCY_CODES), fc.bigInt({ min: -(10n ** 11n), max: 10n ** 11n }), (currency, whole) => {
        const digits = minorUnits(currency);
        const text = digits === 0 ? String(whole) : `${whole}.${'7'.repeat(digits)}`;
        expect(toDecimalString(parseDecimalAmount(text, currency), currency)).toBe(text);
      }),
    );
  });
});
