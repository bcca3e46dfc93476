import { afterEach, describe, expect, it, vi } from 'vitest';
import { NUMBER_FORMAT_KEY, browserLocale, isUsableLocale, numberFormatChoice, numberLocale } from './number-format';

afterEach(() => {
  numberFormatChoice.set(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the number format of this device (DECISIONS.md #86)', () => {
  it('follows the browser’s language until one is chosen', () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(numberLocale()).toBe('de-DE');
    vi.stubGlobal('navigator', { language: 'not a locale!' });
    expect(browserLocale()).toBe('en-US');
  });

  it('keeps the choice in localStorage, and forgets it when the browser’s is chosen again', () => {
    numberFormatChoice.set('fr-FR');
    expect(localStorage.getItem(NUMBER_FORMAT_KEY)).toBe('fr-FR');
    expect(numberLocale()).toBe('fr-FR');
    numberFormatChoice.set(null);
    expect(localStorage.getItem(NUMBER_FORMAT_KEY)).toBeNull();
  });

  it('accepts only locales Intl can use', () => {
    expect(isUsableLocale('en-IN')).toBe(true);
    expect(isUsableLocale('de_DE')).toBe(false);
    expect(isUsableLocale('')).toBe(false);
  });
});
