import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, type CurrencyCode, currencyCode } from './currency-code';
import { formatMoneyIn } from './format-money';
import { parseTypedAmount, type TypedAmount } from './typed-amount';

const USD = currencyCode('USD');
const EUR = currencyCode('EUR');
const JPY = currencyCode('JPY');
const INR = currencyCode('INR');
const BHD = currencyCode('BHD');
const CHF = currencyCode('CHF');

/** The minor units read, or the problem and sentence of a refusal. */
function read(text: string, locale: string, currency: CurrencyCode): number | { problem: string; reason: string } {
  const result: TypedAmount = parseTypedAmount(text, locale, currency);
  return result.ok ? result.money.amount : { problem: result.problem, reason: result.reason };
}

describe('amounts typed the person’s way', () => {
  it('en-US: commas group, the point starts decimals, and `12,34` is refused rather than read as 1,234', () => {
    expect(read('1,234.56', 'en-US', USD)).toBe(123456);
    expect(read('1234.5', 'en-US', USD)).toBe(123450);
    expect(read('1,234', 'en-US', USD)).toBe(123400);
    expect(read(' $84.25 ', 'en-US', USD)).toBe(8425);
    expect(read('-$5.00', 'en-US', USD)).toBe(-500);
    expect(read('.5', 'en-US', USD)).toBe(50);
    expect(read('12,34', 'en-US', USD)).toEqual({
      problem: 'ambiguous',
      reason: '“12,34” is unclear: in this number format decimals follow “.” and digits are grouped as in 1,234,567.89.',
    });
    expect(read('1,23,456', 'en-US', USD)).toMatchObject({ problem: 'ambiguous' });
  });

  it('de-DE: `12,34` is 12.34 and `1.234,56` is 1234.56, never 1,234.00 or 1.23456', () => {
    expect(read('12,34', 'de-DE', EUR)).toBe(1234);
    expect(read('1.234,56', 'de-DE', EUR)).toBe(123456);
    expect(read('1.234', 'de-DE', EUR)).toBe(123400);
    expect(read('1.234.567,89 €', 'de-DE', EUR)).toBe(123456789);
    expect(read('-12,34 €', 'de-DE', EUR)).toBe(-1234);
    expect(read('12.50', 'de-DE', EUR)).toMatchObject({ problem: 'ambiguous' });
    expect(read('12,345', 'de-DE', EUR)).toEqual({
      problem: 'precision',
      reason: 'EUR amounts have at most 2 decimal places. In this number format “,” starts the decimals.',
    });
  });

  it('fr-FR: groups with a narrow no-break space, or whatever space the keyboard typed', () => {
    expect(read('1\u202f234,56', 'fr-FR', EUR)).toBe(123456);
    expect(read('1\u00a0234,56', 'fr-FR', EUR)).toBe(123456);
    expect(read('1 234 567,89 €', 'fr-FR', EUR)).toBe(123456789);
    expect(read('12,34', 'fr-FR', EUR)).toBe(1234);
    expect(read('12.34', 'fr-FR', EUR)).toEqual({
      problem: 'malformed',
      reason: '“.” is not used in this number format: write the amount as in 1\u202f234\u202f567,89.',
    });
    expect(read('1 23,45', 'fr-FR', EUR)).toMatchObject({ problem: 'ambiguous' });
  });

  it('ja-JP: whole yen, full-width digits from a Japanese keyboard, and no guessing at `1.234`', () => {
    expect(read('1,234', 'ja-JP', JPY)).toBe(1234);
    expect(read('￥１，２３４', 'ja-JP', JPY)).toBe(1234);
    expect(read('1234', 'ja-JP', JPY)).toBe(1234);
    // The locale says what the point means; the currency only how many decimals may follow it.
    const refused = { problem: 'precision', reason: 'JPY amounts have no decimal places. In this number format “.” starts the decimals.' };
    expect(read('1.234', 'ja-JP', JPY)).toEqual(refused);
    expect(read('1.234', 'en-US', JPY)).toEqual(refused);
    expect(read('1.0', 'en-US', JPY)).toEqual(refused);
  });

  it('en-IN: lakh and crore grouping, and groups of three, both unambiguous', () => {
    expect(read('12,34,567.89', 'en-IN', INR)).toBe(123456789);
    expect(read('1,00,000', 'en-IN', INR)).toBe(10000000);
    expect(read('1,234,567.89', 'en-IN', INR)).toBe(123456789);
    expect(read('₹1,234.50', 'en-IN', INR)).toBe(123450);
    expect(read('12,34', 'en-IN', INR)).toMatchObject({ problem: 'ambiguous', reason: expect.stringContaining('12,34,567.89') });
  });

  it('de-CH: an apostrophe groups, typed straight or curly', () => {
    expect(read("1'234.56", 'de-CH', CHF)).toBe(123456);
    expect(read('1’234.56', 'de-CH', CHF)).toBe(123456);
  });

  it('reads the digits and separators of locales that write their own (ar-EG, ne-NP)', () => {
    expect(read('١٬٢٣٤٫٥٦', 'ar-EG', currencyCode('EGP'))).toBe(123456);
    expect(read('1,234.56', 'ar-EG', currencyCode('EGP'))).toBe(123456);
    expect(read('१२,३४,५६७.८९', 'ne-NP', currencyCode('NPR'))).toBe(123456789);
  });

  it('refuses what is malformed with a sentence, whatever the locale', () => {
    const refusals = [
      ['', 'en-US', 'empty', 'Enter an amount.'],
      ['  $ ', 'en-US', 'empty', 'Enter an amount.'],
      ['12a', 'en-US', 'malformed', 'Type the amount in digits, as in 1,234,567.89.'],
      ['1.2.3', 'en-US', 'malformed', 'An amount has one decimal separator, “.”, as in 1,234,567.89.'],
      ['1,2,3', 'de-DE', 'malformed', 'An amount has one decimal separator, “,”, as in 1.234.567,89.'],
      ['1.234,56', 'en-US', 'malformed', '“1.234,56” looks like another number format: here decimals follow “.”, as in 1,234,567.89.'],
      ['1 234.56', 'en-US', 'malformed', 'A space is not used in this number format: write the amount as in 1,234,567.89.'],
      ['.', 'en-US', 'malformed', 'Type the amount in digits, as in 1,234,567.89.'],
      ['--5', 'en-US', 'malformed', 'Type the amount in digits, as in 1,234,567.89.'],
      ['5-', 'en-US', 'malformed', 'Type the amount in digits, as in 1,234,567.89.'],
      ['1e3', 'en-US', 'malformed', 'Type the amount in digits, as in 1,234,567.89.'],
      ['€5', 'en-US', 'malformed', 'Type the amount in digits, as in 1,234,567.89.'],
      ['99999999999999999', 'en-US', 'too-large', 'The amount is too large.'],
    ] as const;
    for (const [text, locale, problem, reason] of refusals) expect(read(text, locale, USD), text).toEqual({ problem, reason });
  });

  it('counts places by the currency: BD 1.234 has three, and its examples show three', () => {
    expect(read('1.234', 'en-US', BHD)).toBe(1234);
    expect(read('BHD 1.234', 'en-US', BHD)).toBe(1234);
    expect(read('1.2345', 'en-US', BHD)).toMatchObject({ problem: 'precision' });
    expect(read('x', 'en-US', BHD)).toMatchObject({ reason: 'Type the amount in digits, as in 1,234,567.891.' });
  });

  it('reads back whatever formatMoney wrote, in every currency and these locales', () => {
    const locales = ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'en-IN', 'de-CH', 'fr-CH', 'de-AT', 'es-ES', 'sv-SE', 'pl-PL', 'ar-EG', 'fa-IR', 'ne-NP', 'he-IL'];
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.constantFrom(...locales),
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (currency, locale, amount) => {
          const shown = formatMoneyIn({ amount, currency }, locale);
          const back = parseTypedAmount(shown, locale, currency);
          expect(back, `${shown} (${locale})`).toEqual({ ok: true, money: { amount, currency } });
        },
      ),
      { numRuns: 500 },
    );
  });
});
