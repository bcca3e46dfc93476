import { numberFormatChoice, numberLocale } from './number-format';
import { useExternalStore } from './use-external-store';

/** The number format choice (null: the browser's), the locale in effect, and how to change it. */
export function useNumberFormat(): { choice: string | null; locale: string; choose: (choice: string | null) => void } {
  const choice = useExternalStore(numberFormatChoice);
  return { choice, locale: choice ?? numberLocale(), choose: numberFormatChoice.set };
}
