/**
 * The number format amounts are typed and shown in on this device (issue 27, DECISIONS.md #86):
 * a locale tag such as `de-DE`, chosen in Settings and kept in localStorage, or, until one is
 * chosen, the browser's own language. It is a device preference like the colour scheme, so it
 * needs no server field and follows nobody to another device.
 */
import { createExternalStore } from './external-store';

/** Where the choice is kept; absent means "follow the browser". */
export const NUMBER_FORMAT_KEY = 'mindspend.number-format';

/** What the app falls back to when neither the choice nor the browser names a usable locale. */
export const FALLBACK_LOCALE = 'en-US';

/** True when Intl accepts the tag: a stored or browser value that does not would throw on every amount. */
export function isUsableLocale(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}

/** The browser's language when Intl can use it (`navigator.language`), else en-US. */
export function browserLocale(): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  return language !== undefined && isUsableLocale(language) ? language : FALLBACK_LOCALE;
}

function readStoredChoice(): string | null {
  try {
    const stored = window.localStorage.getItem(NUMBER_FORMAT_KEY);
    return stored !== null && isUsableLocale(stored) ? stored : null;
  } catch {
    // Blocked storage (a privacy mode): follow the browser.
    return null;
  }
}

function writeStoredChoice(choice: string | null): void {
  try {
    if (choice === null) window.localStorage.removeItem(NUMBER_FORMAT_KEY);
    else window.localStorage.setItem(NUMBER_FORMAT_KEY, choice);
  } catch {
    // as above: the choice lasts until the page reloads
  }
}

/** The chosen locale tag, or null to follow the browser. */
export const numberFormatChoice = createExternalStore<string | null>(readStoredChoice(), { onChange: writeStoredChoice });

/** The locale amounts are read and written in right now. */
export function numberLocale(): string {
  return numberFormatChoice.get() ?? browserLocale();
}
