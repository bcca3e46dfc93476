/**
 * The total printed on a receipt, read from OCR text lines (issue 33; DECISIONS.md #108). The
 * amount paid is on a line labelled TOTAL, AMOUNT DUE or BALANCE; the lines around it that also
 * carry amounts (SUBTOTAL, TAX, CASH tendered, CHANGE, savings) are not it. Several labelled
 * lines (TOTAL before a tip, GRAND TOTAL) give the largest, which is what left the wallet.
 */
import type { Cents } from '../money';

/**
 * One amount as receipts print it: 11.59, $1,234.56, and 11,59 or 11 .59 as OCR often reads the
 * point. A number followed by another separator and digits (a date 03.14.2026) is not an amount.
 */
const AMOUNT = /(?<![\d.,/:])-?\$?\s?(\d{1,3}(?:,\d{3})+|\d{1,7})\s?[.,]\s?(\d{2})(?![\d]|[.,/]\d)/g;

/** A label of the amount paid; OCR reads the O of TOTAL as a zero now and then. */
const TOTAL_LABEL = /\b(?:GRAND\s+)?T[O0]TAL\b|\bAM(?:OUN)?T\.?\s+DUE\b|\bBALANCE(?:\s+DUE)?\b|\bTOTAL\s+DUE\b/i;

/** Labelled lines that carry another amount than the one paid. */
const NOT_THE_TOTAL =
  /\bSUB\s*-?\s*T[O0]TAL\b|\bTAX(?:ES)?\b|\bVAT\b|\bCHANGE\b|\bCASH\b|\bTENDERED\b|\bSAVINGS?\b|\bSAVED\b|\bDISCOUNTS?\b|\bPREVIOUS\b|\bREMAINING\b|\bPOINTS\b|\bITEMS?\b/i;

/** The amounts on one line, in cents, in reading order. */
export function amountsOnLine(line: string): Cents[] {
  const amounts: Cents[] = [];
  for (const match of line.matchAll(AMOUNT)) {
    const whole = Number((match[1] ?? '').replace(/,/g, ''));
    const cents = Number(match[2]);
    const negative = match[0].trimStart().startsWith('-');
    amounts.push((negative ? -1 : 1) * (whole * 100 + cents));
  }
  return amounts;
}

/** The amount a labelled line gives: its last amount, or the next line's when the label stands alone. */
function labelledAmount(lines: readonly string[], index: number): Cents | undefined {
  const own = amountsOnLine(lines[index] ?? '');
  if (own.length > 0) return own[own.length - 1];
  const next = lines[index + 1] ?? '';
  // Only a line that is nothing but an amount belongs to the label above it.
  if (/[a-z]{2,}/i.test(next)) return undefined;
  const following = amountsOnLine(next);
  return following.length === 1 ? following[0] : undefined;
}

/**
 * The receipt's total in cents, or null when no line is labelled as one: a receipt whose total
 * cannot be told is answered without an amount, never with a guess (DECISIONS.md #108).
 */
export function findReceiptTotal(lines: readonly string[]): Cents | null {
  let total: Cents | null = null;
  lines.forEach((line, index) => {
    if (!TOTAL_LABEL.test(line) || NOT_THE_TOTAL.test(line)) return;
    const amount = labelledAmount(lines, index);
    if (amount !== undefined && amount > 0 && (total === null || amount > total)) total = amount;
  });
  return total;
}
