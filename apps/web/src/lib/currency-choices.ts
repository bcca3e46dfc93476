/**
 * The currencies a person picks from (DECISIONS.md #86, #87): every ISO 4217 code the domain
 * knows, labelled with its name in the browser's language where the browser knows it.
 */
import { CURRENCY_CODES } from '@mindspend/domain';

export interface CurrencyChoice {
  value: string;
  label: string;
}

let cached: CurrencyChoice[] | null = null;

/** `{ value: 'EUR', label: 'EUR — Euro' }` for each code, in code order. */
export function currencyChoices(): CurrencyChoice[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(undefined, { type: 'currency' });
  } catch {
    // An engine without display names shows the codes alone.
  }
  cached = CURRENCY_CODES.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} — ${name}` : code };
  });
  return cached;
}
