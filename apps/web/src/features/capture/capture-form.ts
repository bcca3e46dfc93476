/**
 * What a read receipt prefills (issue 33; DECISIONS.md #108, #114): the New Transaction form's
 * values for an expense, a sentence for each field the receipt did not say plainly, and the words
 * of a match's one-tap choice. Nothing unread is guessed: the field is left empty and says so.
 */
import type { ReceiptMatch, ReceiptPrefill } from '@mindspend/api-contract';
import { type CurrencyCode, fromCents, parseIsoDate } from '@mindspend/domain';
import { amountText } from '../../lib/amount-text';
import { formatAmountIn } from '../../lib/money';
import { numberLocale } from '../../lib/number-format';
import { emptyTransactionForm, type TransactionFormValues } from '../transactions/transaction-form';

export const UNREAD_AMOUNT = 'The receipt’s total could not be read: type the amount.';
export const UNREAD_DATE = 'The receipt’s day could not be read: choose the date.';
export const AMBIGUOUS_DATE = 'The receipt’s day can be read two ways: choose the right one.';
export const UNREAD_MERCHANT = 'The shop’s name could not be read: type it, or leave it empty.';

export interface CapturePrefill {
  values: TransactionFormValues;
  /** The shop's name as read, kept as the new transaction's description. */
  merchant: string;
  /** One sentence per field left empty because the receipt did not say it plainly. */
  unread: { amount: string | null; date: string | null; merchant: string | null };
}

/** `Mar 14, 2026` for 2026-03-14: the day as the choices say it; the ISO text when it is not a day. */
export function receiptDayLabel(iso: string): string {
  const day = parseIsoDate(iso);
  if (!day) return iso;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(Date.UTC(day.year, day.month - 1, day.day)),
  );
}

/**
 * The expense a read receipt describes, for the form. A payee is chosen only when one of the
 * book's payees has exactly the shop's name (letter case aside); otherwise the name is kept apart.
 */
export function prefillFromReceipt(
  read: ReceiptPrefill,
  currency: CurrencyCode,
  payees: readonly { id: number; name: string }[],
): CapturePrefill {
  const merchant = read.merchant ?? '';
  const payee = merchant === '' ? undefined : payees.find((entity) => entity.name.trim().toLowerCase() === merchant.trim().toLowerCase());
  const values: TransactionFormValues = {
    ...emptyTransactionForm(''),
    type: 'expense',
    entityId: payee?.id ?? null,
    amount: read.amount_cents === null ? '' : amountText(fromCents(read.amount_cents), numberLocale(), currency),
    date: read.date ?? '',
  };
  const dateNote = read.date !== null ? null : read.date_candidates.length > 1 ? AMBIGUOUS_DATE : UNREAD_DATE;
  return {
    values,
    merchant,
    unread: {
      amount: read.amount_cents === null ? UNREAD_AMOUNT : null,
      date: dateNote,
      merchant: read.merchant === null ? UNREAD_MERCHANT : null,
    },
  };
}

/** "Attach to Corner Grocery · $11.59 · Mar 14, 2026": a match's one-tap choice. */
export function matchChoiceLabel(match: ReceiptMatch, currency: string): string {
  const payee = match.payee.trim() === '' ? 'a purchase without a payee' : match.payee;
  return `Attach to ${payee} · ${formatAmountIn(match.amount_cents, currency)} · ${receiptDayLabel(match.date)}`;
}
