/**
 * Amounts typed the person's way (issue 27, DECISIONS.md #86). The locale alone says which
 * character separates decimals and which groups digits; the currency only says how many decimals
 * there may be. Whatever stays ambiguous under those rules is refused with a sentence, never
 * guessed: `12,34` typed with en-US numbers is 12.34 to a German and 1,234 to an American.
 */
import { AmountError } from './amount-error';
import { type CurrencyCode, minorUnits } from './currency-code';
import { minorUnitsOfDigits } from './decimal-amount';
import type { Money } from './money-value';
import { type NumberSeparators, nativeSeparators, numberSeparators } from './number-separators';
import * as say from './typed-amount-messages';
import { currencyMarks, plainText } from './typed-text';

/** Why a typed amount was refused: nothing typed, not a number, unclear, too precise, too large. */
export type TypedAmountProblem = 'empty' | 'malformed' | 'ambiguous' | 'precision' | 'too-large';

export type TypedAmount =
  | { ok: true; money: Money }
  | { ok: false; problem: TypedAmountProblem; reason: string };

const refuse = (problem: TypedAmountProblem, reason: string): TypedAmount => ({ ok: false, problem, reason });

/** The locale's own separators (ar-EG's `٫` and `٬`) as the ones it writes with Latin digits. */
function withLatinSeparators(text: string, locale: string): string {
  let latin = text;
  for (const [native, separator] of nativeSeparators(locale)) latin = latin.replaceAll(plainText(native), plainText(separator));
  return latin;
}

/** The text without one currency mark at its start or its end. */
function withoutMark(text: string, marks: readonly string[]): string {
  for (const mark of marks) {
    if (text.startsWith(mark)) return text.slice(mark.length).trimStart();
    if (text.endsWith(mark)) return text.slice(0, -mark.length).trimEnd();
  }
  return text;
}

/** A sign may stand before or after a leading currency mark (`-$5`, `$-5`, `-5 €`, `€ -5`). */
function signAndDigits(text: string, marks: readonly string[]): { negative: boolean; body: string } {
  let body = text;
  let negative = body.startsWith('-');
  if (negative) body = body.slice(1).trimStart();
  body = withoutMark(body, marks);
  if (!negative && body.startsWith('-')) {
    negative = true;
    body = body.slice(1).trimStart();
  }
  return { negative, body: body.trim() };
}

/**
 * True when the groups are the locale's (`12,34,567` in en-IN) or all of its usual size
 * (`1,234,567`): either way no group could have been meant as decimals.
 */
function groupedRightly(groups: readonly string[], separators: NumberSeparators): boolean {
  const [first = '', ...rest] = groups;
  const last = rest.pop();
  if (last === undefined) return true;
  if (!groups.every((group) => /^\d+$/.test(group)) || last.length !== separators.primaryGroup) return false;
  return [separators.secondaryGroup, separators.primaryGroup].some(
    (size) => first.length <= size && rest.every((group) => group.length === size),
  );
}

/** The first character that is neither a digit nor one of the locale's two separators, if any. */
function strangeCharacter(body: string, decimal: string, group: string): string | undefined {
  return [...body].find((char) => !/\d/.test(char) && char !== decimal && char !== group);
}

/**
 * A typed amount read with `locale`'s separators (from Intl.NumberFormat.formatToParts) into
 * whole minor units of `currency`; `{ ok: false, reason }` says in a sentence why not. A currency
 * symbol or code and a minus sign may stand around the digits. A locale Intl does not accept is a
 * RangeError.
 */
export function parseTypedAmount(text: string, locale: string, currency: CurrencyCode): TypedAmount {
  const typed = withLatinSeparators(plainText(text), locale).trim();
  const separators = numberSeparators(locale);
  const decimal = plainText(separators.decimal);
  const group = plainText(separators.group);
  const example = say.exampleAmount(locale, currency);
  const { negative, body } = signAndDigits(typed, currencyMarks(locale, currency));
  if (body === '') return refuse('empty', say.ENTER_AN_AMOUNT);

  const strange = strangeCharacter(body, decimal, group);
  if (strange !== undefined) {
    const separatorLike = /[.,' ]/.test(strange);
    return refuse('malformed', separatorLike ? say.unusedSeparator(strange, example) : say.digitsOnly(example));
  }
  const pieces = body.split(decimal);
  if (pieces.length > 2) return refuse('malformed', say.oneDecimalSeparator(decimal, example));
  const [whole = '', fraction = ''] = pieces;
  if (group !== '' && fraction.includes(group)) return refuse('malformed', say.otherNumberFormat(typed, decimal, example));
  if (whole === '' && fraction === '') return refuse('malformed', say.digitsOnly(example));
  const groups = group === '' ? [whole] : whole.split(group);
  if (!groupedRightly(groups, separators)) return refuse('ambiguous', say.unclearGrouping(typed, decimal, example));
  if (fraction.length > minorUnits(currency)) return refuse('precision', say.tooManyDecimals(currency, decimal));

  try {
    return { ok: true, money: { amount: minorUnitsOfDigits(groups.join(''), fraction, negative, currency), currency } };
  } catch (error) {
    if (error instanceof AmountError) return refuse('too-large', error.message);
    throw error;
  }
}
