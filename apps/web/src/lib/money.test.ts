import { afterEach, describe, expect, it } from 'vitest';
import { USD, currencyCode } from '@mindspend/domain';
import { currencySymbol, displayCurrency, formatAmount, formatAmountIn, isBookCurrency } from './money';
import { numberFormatChoice } from './number-format';

afterEach(() => {
  displayCurrency.set(USD);
  numberFormatChoice.set(null);
  localStorage.clear();
});

describe('amounts in their own currency (DECISIONS.md #90)', () => {
  it('writes a stored amount in the currency given, the person’s way', () => {
    numberFormatChoice.set('en-US');
    expect(formatAmountIn(4150, 'EUR')).toBe('€41.50');
    expect(formatAmountIn(123400, 'JPY')).toBe('¥1,234');
    expect(formatAmount(4491)).toBe('$44.91');
    numberFormatChoice.set('de-DE');
    expect(formatAmountIn(4150, 'EUR')).toBe('41,50\u00a0€');
  });

  it('falls back to the book’s currency for a code it does not know, and tells the book’s own apart', () => {
    numberFormatChoice.set('en-US');
    displayCurrency.set(currencyCode('EUR'));
    expect(formatAmountIn(100, 'eur')).toBe('€1.00');
    expect(isBookCurrency('EUR')).toBe(true);
    expect(isBookCurrency('USD')).toBe(false);
    expect(currencySymbol(currencyCode('JPY'))).toBe('¥');
    expect(currencySymbol()).toBe('€');
  });
});
