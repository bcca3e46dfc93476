import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError } from './amount-error';
import { CURRENCY_CODES, type CurrencyCode, currencyCode, minorUnits } from './currency-code';
import { convert, isRate, sumInBase } from './exchange';
import type { Money } from './money-value';

const USD = currencyCode('USD');
const EUR = currencyCode('EUR');
const JPY = currencyCode('JPY');
const BHD = currencyCode('BHD');
const of = (amount: number, currency: CurrencyCode): Money => ({ amount, currency });

/** A rate with up to 10 significant digits, as the ECB's cross rates are written. */
const rateText = fc
  .tuple(fc.integer({ min: 1, max: 9_999_999_999 }), fc.integer({ min: 0, max: 12 }))
  .map(([digits, scale]) => {
    const text = String(digits).padStart(scale + 1, '0');
    return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
  });
const amount = fc.integer({ min: -(10 ** 12), max: 10 ** 12 });
const currency = fc.constantFrom(...CURRENCY_CODES);

describe('conversion to a base currency', () => {
  it('moves between minor units of different sizes exactly', () => {
    expect(convert(of(10_000, JPY), '0.0061234567', USD)).toEqual(of(6123, USD)); // ¥10,000 → $61.234567 → $61.23
    expect(convert(of(1234, EUR), '1.0823', USD)).toEqual(of(1336, USD)); // €12.34 → $13.355582 → $13.36
    expect(convert(of(1000, BHD), '2.6596', USD)).toEqual(of(266, USD)); // BD 1.000 → $2.6596
    expect(convert(of(100, USD), '157.12', JPY)).toEqual(of(157, JPY));
    expect(convert(of(100, USD), '0.376', BHD)).toEqual(of(376, BHD));
  });

  it('rounds half away from zero, on both sides of zero', () => {
    expect(convert(of(1, EUR), '0.5', EUR)).toEqual(of(1, EUR)); // 0.5 cent → 1 cent
    expect(convert(of(-1, EUR), '0.5', EUR)).toEqual(of(-1, EUR));
    expect(convert(of(3, EUR), '0.5', EUR)).toEqual(of(2, EUR)); // 1.5 → 2
    expect(convert(of(1, EUR), '0.4999999999', EUR)).toEqual(of(0, EUR));
    expect(Object.is(convert(of(-1, EUR), '0.1', EUR).amount, -0)).toBe(false);
  });

  it('refuses rates that are not positive plain decimals, and results beyond a safe integer', () => {
    for (const rate of ['0', '0.000', '-1', '1e3', '1,08', '', ' 1']) {
      expect(() => convert(of(100, EUR), rate, USD), rate).toThrow(AmountError);
      expect(isRate(rate), rate).toBe(false);
    }
    expect(isRate('0.0061234567')).toBe(true);
    expect(() => convert(of(Number.MAX_SAFE_INTEGER, JPY), '1000', USD)).toThrow('The amount is too large.');
  });

  it('adds parts in their base amounts and names a currency it has no rate for', () => {
    const rates = new Map([
      [EUR, '1.0823'],
      [JPY, '0.0061234567'],
    ]);
    expect(sumInBase([of(1234, EUR), of(10_000, JPY), of(500, USD)], rates, USD)).toEqual(of(1336 + 6123 + 500, USD));
    expect(sumInBase([], rates, USD)).toEqual(of(0, USD));
    expect(() => sumInBase([of(1, BHD)], rates, USD)).toThrow(new AmountError('There is no BHD rate to turn it into USD.'));
  });

  it('never produces anything but whole minor units, within half a unit of the exact product', () => {
    fc.assert(
      fc.property(amount, currency, currency, rateText, (units, from, base, rate) => {
        // exact = units × rate × 10^(to − from) = numerator / denominator, in integers.
        const [whole = '', fraction = ''] = rate.split('.');
        const numerator = BigInt(units) * BigInt(whole + fraction) * 10n ** BigInt(minorUnits(base));
        const denominator = 10n ** BigInt(minorUnits(from) + fraction.length);
        const exact = numerator / denominator;
        if ((exact < 0n ? -exact : exact) >= BigInt(Number.MAX_SAFE_INTEGER)) {
          expect(() => convert(of(units, from), rate, base)).toThrow(AmountError);
          return;
        }
        const converted = convert(of(units, from), rate, base);
        expect(converted.currency).toBe(base);
        expect(Number.isSafeInteger(converted.amount)).toBe(true);
        const error = BigInt(converted.amount) * denominator - numerator;
        expect((error < 0n ? -error : error) * 2n <= denominator).toBe(true);
      }),
    );
  });

  it('gives a base total equal to the sum of the converted parts', () => {
    // Amounts and rates small enough that twenty parts in any pair of currencies stay safe integers.
    const part = fc.tuple(fc.integer({ min: -(10 ** 6), max: 10 ** 6 }), currency).map(([units, code]) => of(units, code));
    const modestRate = fc.integer({ min: 1, max: 9_999_999_999 }).map((digits) => {
      const text = String(digits).padStart(7, '0');
      return `${text.slice(0, -6)}.${text.slice(-6)}`;
    });
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), currency, fc.array(modestRate, { minLength: CURRENCY_CODES.length, maxLength: CURRENCY_CODES.length }), (parts, base, drawn) => {
        const rates = new Map(CURRENCY_CODES.map((code, index) => [code, drawn[index] ?? '1']));
        const total = sumInBase(parts, rates, base);
        const converted = parts.map((one) => (one.currency === base ? one.amount : convert(one, rates.get(one.currency) ?? '1', base).amount));
        expect(Number.isSafeInteger(total.amount)).toBe(true);
        expect(total).toEqual(of(converted.reduce((sum, one) => sum + one, 0), base));
      }),
    );
  });
});
