import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError } from './amount-error';
import { EUR_PER_EUR, crossRate, divideRates } from './cross-rate';
import { scaledRate } from './rate-text';

/** ECB figures of one day (units per euro). */
const PER_EUR = { USD: '1.0823', JPY: '162.35', GBP: '0.86905', DKK: '7.4604', IDR: '17000.5' };

describe('cross rates from the ECB’s euro figures', () => {
  it('turns two currencies’ figures into base units per unit, to ten significant digits', () => {
    expect(crossRate(PER_EUR.JPY, PER_EUR.USD)).toBe('0.006666461349'); // ¥1 in USD
    expect(crossRate(PER_EUR.USD, PER_EUR.JPY)).toBe('150.0046198'); // $1 in JPY
    expect(crossRate(PER_EUR.USD, PER_EUR.GBP)).toBe('0.8029659059'); // $1 in GBP
    expect(crossRate(PER_EUR.USD, PER_EUR.DKK)).toBe('6.893098032');
    expect(crossRate(PER_EUR.IDR, EUR_PER_EUR)).toBe('0.00005882179936'); // Rp1 in EUR
  });

  it('takes the euro as 1 per euro, so its rate is the ECB’s figure itself', () => {
    expect(crossRate(EUR_PER_EUR, PER_EUR.USD)).toBe('1.0823'); // €1 in USD
    expect(crossRate(EUR_PER_EUR, PER_EUR.IDR)).toBe('17000.5');
    expect(crossRate(PER_EUR.USD, EUR_PER_EUR)).toBe('0.9239582371'); // $1 in EUR
  });

  it('rounds once, half up, and writes no trailing zeros', () => {
    expect(divideRates('1', '3')).toBe('0.3333333333');
    expect(divideRates('2', '3')).toBe('0.6666666667');
    expect(divideRates('1', '8')).toBe('0.125');
    expect(divideRates('10', '4')).toBe('2.5');
    expect(divideRates('123456789012', '1')).toBe('123456789000');
    // 0.99999999995… rounds up to a digit more: 1, not 1.000000000.
    expect(divideRates('1', '1.00000000005')).toBe('1');
    expect(divideRates('1', '0.9999999995')).toBe('1.000000001'); // 1.00000000050…
  });

  it('refuses figures that are not positive plain decimals', () => {
    for (const bad of ['0', '0.000', '-1', '1e3', '1,08', '']) {
      expect(() => crossRate(bad, '1'), bad).toThrow(AmountError);
      expect(() => crossRate('1', bad), bad).toThrow(AmountError);
    }
  });

  it('is within half a unit of the last kept digit of the exact quotient, never more digits', () => {
    const figure = fc
      .tuple(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 0, max: 6 }))
      .map(([digits, scale]) => {
        const text = String(digits).padStart(scale + 1, '0');
        return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
      });
    fc.assert(
      fc.property(figure, figure, (a, b) => {
        const rate = scaledRate(crossRate(a, b));
        const x = scaledRate(a);
        const y = scaledRate(b);
        if (!rate || !x || !y) throw new Error('not decimal text');
        expect(rate.digits.toString().replace(/0+$/, '').length).toBeLessThanOrEqual(10);
        // |rate − y/x| ≤ half a unit of the rate's 10th significant digit, in integers:
        // rate = r/10^s, y/x = (y.d·10^x.s)/(x.d·10^y.s).
        const exactNum = y.digits * 10n ** BigInt(x.scale);
        const exactDen = x.digits * 10n ** BigInt(y.scale);
        const scale = BigInt(rate.scale);
        const diff = rate.digits * exactDen - exactNum * 10n ** scale; // × 10^s · den
        const magnitude = rate.digits.toString().length; // digits of r
        const unit = 10n ** BigInt(Math.max(0, magnitude - 10)); // the 10th digit's unit, in r's units
        const absDiff = diff < 0n ? -diff : diff;
        expect(absDiff * 2n).toBeLessThanOrEqual(unit * exactDen);
      }),
    );
  });
});
