/**
 * What a person types, brought to one spelling before it is read (DECISIONS.md #86): the many
 * spaces, apostrophes and minus signs keyboards and Intl produce are the same thing to a reader.
 */
import type { CurrencyCode } from './currency-code';

/**
 * NFKC turns full-width digits and signs (a Japanese keyboard's `１２３４．５`, `￥`) and the
 * no-break spaces Intl groups with into their plain forms; bidirectional marks, which some locales
 * put around a minus sign, carry nothing a reader needs.
 */
export function plainText(text: string): string {
  return latinDigits(text.normalize('NFKC'))
    .replace(/[\u200e\u200f\u061c]/g, '')
    .replace(/\s/g, ' ')
    .replace(/[\u2018\u2019\u02bc\u2032]/g, "'")
    .replace(/\u2212/g, '-');
}

/**
 * 0–9 for the decimal digits of any script (Devanagari `१२३`, Arabic-Indic `١٢٣`), which locales
 * such as ne-NP and ar-EG show and their keyboards type. Unicode keeps each script's ten digits
 * together, zero first, and where two scripts' digits adjoin the run is still tens long, so a
 * digit's value is its distance from the start of its run, modulo 10.
 */
function latinDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const point = digit.codePointAt(0) ?? 0;
    let zero = point;
    while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
    return String((point - zero) % 10);
  });
}

// One Intl call per locale and currency: the symbols never change while the app runs.
const symbolCache = new Map<string, readonly string[]>();

/**
 * The ways an amount in `currency` may be marked in `locale`, longest first so that `US$` is taken
 * whole before `$`: the locale's symbol, its narrow symbol and the ISO code.
 */
export function currencyMarks(locale: string, currency: CurrencyCode): readonly string[] {
  const key = `${locale}|${currency}`;
  const cached = symbolCache.get(key);
  if (cached) return cached;
  const symbolOf = (currencyDisplay: 'symbol' | 'narrowSymbol') =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay })
      .formatToParts(1)
      .find((part) => part.type === 'currency')?.value ?? currency;
  const marks = [...new Set([symbolOf('symbol'), symbolOf('narrowSymbol'), currency].map(plainText))].sort(
    (a, b) => b.length - a.length,
  );
  symbolCache.set(key, marks);
  return marks;
}
