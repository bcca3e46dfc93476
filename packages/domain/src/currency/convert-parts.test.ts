import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError } from './amount-error';
import { convertWithLines } from './convert-parts';
import { currencyCode } from './currency-code';
import { convert } from './exchange';

const EUR = currencyCode('EUR');
const USD = currencyCode('USD');
const JPY = currencyCode('JPY');
const eur = (amount: number) => ({ amount, currency: EUR });

describe('a transaction and its split lines in the base currency', () => {
  it('converts the total once and shares it so the lines add up to it', () => {
    // €10.00 split 3.33 / 3.33 / 3.34 at 1.0823: $10.82 in all, shared 3.60 / 3.60 / 3.62.
    const { total, lines } = convertWithLines(eur(1000), [eur(333), eur(333), eur(334)], '1.0823', USD);
    expect(total).toEqual({ amount: 1082, currency: USD });
    expect(lines.map((line) => line.amount)).toEqual([360, 360, 362]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(1082);
  });

  it('turns euros into yen, whose unit has no decimals', () => {
    const { total, lines } = convertWithLines(eur(4150), [eur(4000), eur(150)], '162.35', JPY);
    expect(total).toEqual({ amount: 6738, currency: JPY });
    expect(lines).toEqual([
      { amount: 6494, currency: JPY },
      { amount: 244, currency: JPY },
    ]);
  });

  it('has no lines to share when the transaction has none', () => {
    expect(convertWithLines(eur(1999), [], '1.1', USD)).toEqual({ total: { amount: 2199, currency: USD }, lines: [] });
  });

  it('refuses lines that do not add up to the total instead of guessing', () => {
    expect(() => convertWithLines(eur(1000), [eur(400), eur(500)], '1.1', USD)).toThrow(AmountError);
  });

  it('always adds the lines up to the converted total, whatever the amounts and the rate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 6 }),
        (parts, digits, scale) => {
          const rate = (Number(digits) / 10 ** scale).toFixed(scale);
          if (!/[1-9]/.test(rate)) return;
          const total = parts.reduce((sum, part) => sum + part, 0);
          const result = convertWithLines(eur(total), parts.map(eur), rate, JPY);
          expect(result.total).toEqual(convert(eur(total), rate, JPY));
          expect(result.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total.amount);
          // No line moves by more than one unit from its own exact share.
          result.lines.forEach((line, index) => {
            const exact = total === 0 ? 0 : (result.total.amount * (parts[index] ?? 0)) / total;
            expect(Math.abs(line.amount - exact)).toBeLessThanOrEqual(1);
          });
        },
      ),
    );
  });
});
