/**
 * Receipts read on this server (issue 33; DECISIONS.md #108): a photo alone is sent, and the answer
 * is what it prefills — the total in cents, the day (or both readings of an ambiguous one), the
 * merchant — and the book's recorded purchases it may be.
 */
import { z } from 'zod';

/** The largest photo read: a phone's full-size JPEG is 3–8 MB. */
export const RECEIPT_MAX_BYTES = 12 * 1024 * 1024;
export const RECEIPT_FILE_NEEDED = 'Choose a photo of the receipt to read.';
export const RECEIPT_FILE_EMPTY = 'The photo is empty: choose the picture of the receipt again.';
export const RECEIPT_TOO_LARGE = `The photo is larger than ${RECEIPT_MAX_BYTES / 1024 / 1024} MB: send a smaller picture of the receipt.`;
export const RECEIPT_NOT_AN_IMAGE = 'This file is not a photo Mindspend can read: send a JPEG, PNG or WebP picture of the receipt.';
export const RECEIPT_UNREADABLE_IMAGE = 'This picture is damaged or cut short: take the photo again.';
export const RECEIPT_READS_BUSY = 'Receipts are being read for others right now: try again in a minute.';
export const RECEIPT_READ_STOPPED = 'Reading this receipt stopped before it finished: send the photo again.';
export const RECEIPT_READ_FAILED = 'This receipt could not be read: type the purchase in instead.';

export const RECEIPT_READ_STATUSES = ['reading', 'done', 'failed'] as const;

/** A recorded purchase the receipt may be. */
export const receiptMatchSchema = z.object({
  transaction_id: z.number().int(),
  account_id: z.number().int(),
  payee: z.string(),
  /** In the account's currency, in cents, like the receipt's total. */
  amount_cents: z.number().int(),
  date: z.string(),
  /** 0–1: how alike the payee's name is to the merchant's. */
  payee_similarity: z.number(),
});
export type ReceiptMatch = z.infer<typeof receiptMatchSchema>;

/** What the receipt prefills: each field null when the receipt did not say it plainly. */
export const receiptPrefillSchema = z.object({
  /** The total paid, in integer cents. */
  amount_cents: z.number().int().nullable(),
  /** YYYY-MM-DD when the receipt names one day; null when none or ambiguous (see date_candidates). */
  date: z.string().nullable(),
  /** Both readings of a day that could be day-first or month-first (03/04/2026), for the person to choose. */
  date_candidates: z.array(z.string()),
  merchant: z.string().nullable(),
});
export type ReceiptPrefill = z.infer<typeof receiptPrefillSchema>;

export const receiptReadSchema = z.object({
  id: z.number().int(),
  status: z.enum(RECEIPT_READ_STATUSES),
  /** Null until read. */
  transaction: receiptPrefillSchema.nullable(),
  /** Best first; empty until read, and when the receipt gave no total. */
  matches: z.array(receiptMatchSchema),
  /** Why a failed read failed; null otherwise. */
  error: z.string().nullable(),
});
export type ReceiptRead = z.infer<typeof receiptReadSchema>;
