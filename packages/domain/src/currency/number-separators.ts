/**
 * How a locale writes amounts of money, read from Intl rather than kept in a table of our own
 * (DECISIONS.md #86): its decimal and group separators and how many digits each group holds.
 * They are read from the currency style, which is what the app shows: a few locales write money
 * differently from other numbers (de-AT groups money with `.` and other numbers with a space;
 * fr-CH starts money's decimals with `.` and other numbers' with `,`).
 */

export interface NumberSeparators {
  /** `.` in en-US, `,` in de-DE and fr-FR. */
  decimal: string;
  /** `,` in en-US, `.` in de-DE, a space in fr-FR (U+202F) and pl-PL (U+00A0), `'` or `’` in de-CH. */
  group: string;
  /** Digits in the group nearest the decimal separator: 3 almost everywhere. */
  primaryGroup: number;
  /** Digits in each group further left: 2 in en-IN (`12,34,567`), else the primary size. */
  secondaryGroup: number;
}

// One Intl call per locale is plenty: the answer never changes while the app runs.
const known = new Map<string, NumberSeparators>();
const knownNative = new Map<string, ReadonlyMap<string, string>>();

/** The parts of a large amount of money as the locale writes it, in its own digits or in Latin ones. */
function moneyParts(locale: string, numberingSystem?: 'latn'): Intl.NumberFormatPart[] {
  // Which currency does not matter: the separators are the locale's, the same for every currency.
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', useGrouping: true, numberingSystem }).formatToParts(
    1234567890.5,
  );
}

const partValue = (parts: Intl.NumberFormatPart[], type: 'decimal' | 'group') =>
  parts.find((part) => part.type === type)?.value;

/**
 * The locale's separators as it writes Latin digits (ar-EG then answers `.` and `,`, which is what
 * a person typing 0–9 uses). A locale Intl does not accept is a RangeError.
 */
export function numberSeparators(locale: string): NumberSeparators {
  const cached = known.get(locale);
  if (cached) return cached;
  const parts = moneyParts(locale, 'latn');
  const integers = parts.filter((part) => part.type === 'integer').map((part) => part.value.length);
  const primaryGroup = integers.at(-1) ?? 3;
  const separators: NumberSeparators = {
    decimal: partValue(parts, 'decimal') ?? '.',
    group: partValue(parts, 'group') ?? '',
    primaryGroup,
    secondaryGroup: integers.length > 2 ? (integers.at(-2) ?? primaryGroup) : primaryGroup,
  };
  known.set(locale, separators);
  return separators;
}

/**
 * The separators the locale uses with its own digits, where they differ from the Latin ones
 * (ar-EG: `٫` for `.`, `٬` for `,`), so that an amount typed or shown in those digits reads the same.
 */
export function nativeSeparators(locale: string): ReadonlyMap<string, string> {
  const cached = knownNative.get(locale);
  if (cached) return cached;
  const native = moneyParts(locale);
  const latin = numberSeparators(locale);
  const aliases = new Map<string, string>();
  for (const [type, latinValue] of [['decimal', latin.decimal], ['group', latin.group]] as const) {
    const nativeValue = partValue(native, type);
    if (nativeValue !== undefined && nativeValue !== latinValue) aliases.set(nativeValue, latinValue);
  }
  knownNative.set(locale, aliases);
  return aliases;
}
