/** Amount inputs are free text (spec §5): typed as the user likes, written as plain numbers on save. */

/** `1,234.50` or `$1,234.5` → 1234.5; null when the text is not a number. */
export function parseAmountText(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '' || !/^-?\d*\.?\d*$/.test(cleaned) || cleaned === '.' || cleaned === '-') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** A number as the amount box shows it: two decimals, no grouping (`1234.50`). */
export function amountText(value: number): string {
  return value.toFixed(2);
}
