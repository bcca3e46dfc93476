/**
 * A receipt's text, read into what prefills a transaction (issue 33; DECISIONS.md #108): the
 * total, the day and the merchant, each null when the text does not say it plainly.
 */
import type { Cents } from '../money';
import { findReceiptDate } from './receipt-date';
import { findReceiptMerchant } from './receipt-merchant';
import { findReceiptTotal } from './receipt-total';

export interface ReceiptReading {
  amountCents: Cents | null;
  date: string | null;
  /** Both readings of a day that could be day-first or month-first; else the one day, or none. */
  dateCandidates: string[];
  merchant: string | null;
}

/** The text's lines, trimmed, without the empty ones OCR leaves between blocks. */
export function receiptLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export function readReceiptText(text: string): ReceiptReading {
  const lines = receiptLines(text);
  const day = findReceiptDate(lines);
  return { amountCents: findReceiptTotal(lines), date: day.date, dateCandidates: day.candidates, merchant: findReceiptMerchant(lines) };
}
