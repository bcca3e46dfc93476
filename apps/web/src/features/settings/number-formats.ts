/** The number formats Settings offers (DECISIONS.md #86), each shown as it writes an amount. */

export interface NumberFormatChoice {
  value: string;
  label: string;
}

/** The Select's value for "no choice: follow the browser". */
export const BROWSER_FORMAT = 'browser';

/**
 * Locales whose ways of writing amounts cover most people: point or comma decimals, comma, point,
 * space or apostrophe grouping, and the Indian lakh grouping. Any other locale the browser reports
 * is offered too, through the browser default.
 */
const OFFERED = ['en-US', 'en-GB', 'en-IN', 'de-DE', 'de-CH', 'fr-FR', 'fr-CA', 'es-ES', 'es-MX', 'it-IT', 'nl-NL', 'pt-BR', 'pl-PL', 'sv-SE', 'ja-JP', 'zh-CN', 'ko-KR'];

/** `German (Germany): 1.234.567,89`, the locale's name in English and a sample in its own format. */
export function numberFormatLabel(locale: string): string {
  const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  const sample = new Intl.NumberFormat(locale, { numberingSystem: 'latn', minimumFractionDigits: 2 }).format(1234567.89);
  return `${name}: ${sample}`;
}

/** The browser default first, then the offered formats and the chosen one if it is not among them. */
export function numberFormatChoices(browser: string, chosen: string | null): NumberFormatChoice[] {
  const locales = chosen === null || OFFERED.includes(chosen) ? OFFERED : [...OFFERED, chosen];
  return [
    { value: BROWSER_FORMAT, label: `Browser default (${numberFormatLabel(browser)})` },
    ...locales.map((value) => ({ value, label: numberFormatLabel(value) })),
  ];
}
