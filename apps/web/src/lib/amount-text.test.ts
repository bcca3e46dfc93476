import { afterEach, describe, expect, it } from 'vitest';
import { amountProblem, amountText, parseAmountText, readAmountText } from './amount-text';
import { numberFormatChoice } from './number-format';

afterEach(() => {
  numberFormatChoice.set(null);
  localStorage.clear();
});

describe('typed amounts, read in the chosen number format (DECISIONS.md #86)', () => {
  it('reads German amounts as Germans write them, never as 1,234.00 or 1.23456', () => {
    expect(parseAmountText('12,34', 'de-DE')).toBe(12.34);
    expect(parseAmountText('1.234,56', 'de-DE')).toBe(1234.56);
    expect(parseAmountText('1 234,56 €', 'fr-FR')).toBeNull(); // a euro sign on a dollar amount is not a dollar sign
    expect(parseAmountText('1 234,56', 'fr-FR')).toBe(1234.56);
  });

  it('refuses `12,34` with American numbers and says why, instead of reading 1,234', () => {
    expect(readAmountText('12,34', 'en-US')).toEqual({
      ok: false,
      empty: false,
      reason: '“12,34” is unclear: in this number format decimals follow “.” and digits are grouped as in 1,234,567.89.',
    });
    expect(parseAmountText('12,34', 'en-US')).toBeNull();
    expect(amountProblem('12,34', 'en-US')).toMatch(/^“12,34” is unclear/);
  });

  it('says nothing about an empty box: whether one is required is the form’s business', () => {
    expect(readAmountText('  ', 'en-US')).toEqual({ ok: false, empty: true, reason: 'Enter an amount.' });
    expect(amountProblem('', 'de-DE')).toBeNull();
  });

  it('writes amounts back into the box with the locale’s decimal separator, so they read back the same', () => {
    expect(amountText(1234.5, 'de-DE')).toBe('1234,50');
    expect(amountText(1234.5, 'en-US')).toBe('1234.50');
    expect(parseAmountText(amountText(0.1 + 0.2, 'de-DE'), 'de-DE')).toBe(0.3);
  });

  it('uses the number format chosen in Settings when none is named', () => {
    numberFormatChoice.set('de-DE');
    expect(parseAmountText('12,34')).toBe(12.34);
    expect(amountText(5)).toBe('5,00');
    numberFormatChoice.set('en-US');
    expect(parseAmountText('12,34')).toBeNull();
  });
});
