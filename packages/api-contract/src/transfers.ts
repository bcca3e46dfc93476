/** Transfers between the user's own accounts and the suggestions that find them (issue 15, docs/DECISIONS.md #47, #48). */
import { TRANSFER_SAME_ACCOUNT } from '@mindspend/domain';
import { z } from 'zod';
import { LONG_TEXT_MAX, optionalText } from './common';
import { isoDate, positiveAmount, referenceId } from './ledger-common';

const accountId = referenceId('The selected account does not exist.');
const transactionId = referenceId('The selected transaction does not exist.');

/** 422 naming `to_amount`: money moved between currencies arrives as another amount, which only the person knows. */
export const transferToAmountRequired = (from: string, to: string) =>
  `The accounts keep different currencies (${from} and ${to}): enter the amount that arrived in ${to}.`;
/** 422 naming `to_amount` when both accounts keep one currency and the two amounts differ. */
export const TRANSFER_TO_AMOUNT_SAME_CURRENCY = 'Both accounts keep the same currency: the amount that arrives is the amount sent.';

const transferFields = z.object({
  from_account_id: accountId,
  to_account_id: accountId,
  /** What left the from account, in its currency. */
  amount: positiveAmount,
  /** What arrived in the to account, in its currency: required when the two currencies differ (DECISIONS.md #90). */
  to_amount: positiveAmount.optional(),
  date: isoDate,
  notes: optionalText(LONG_TEXT_MAX).nullable(),
});

function differentAccounts(body: { from_account_id?: number | undefined; to_account_id?: number | undefined }, ctx: z.RefinementCtx): void {
  if (body.from_account_id !== undefined && body.from_account_id === body.to_account_id) {
    ctx.addIssue({ code: 'custom', path: ['to_account_id'], message: TRANSFER_SAME_ACCOUNT });
  }
}

/** POST /transfers: every field but the notes is required. */
export const transferBody = transferFields.strict().superRefine(differentAccounts);
export type TransferBody = z.infer<typeof transferBody>;

/** PATCH /transfers/{id}: fields left out keep their value; the merged transfer must still move between two accounts. */
export const transferPatchBody = transferFields
  .partial()
  .strict()
  .superRefine(differentAccounts)
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to change.');
export type TransferPatchBody = z.infer<typeof transferPatchBody>;

export const transferSchema = z.object({
  id: z.number().int(),
  from_transaction_id: z.number().int(),
  to_transaction_id: z.number().int(),
  from_account_id: z.number().int(),
  to_account_id: z.number().int(),
  /** What left the from account, in its currency. */
  amount: z.number(),
  /** What arrived in the to account, in its currency: `amount` unless the currencies differ. */
  to_amount: z.number(),
  date: z.string(),
  notes: z.string().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** One side of a suggested transfer, as the list shows it. */
const suggestionSide = z.object({
  transaction_id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  date: z.string(),
  payee: z.string().nullable(),
  description: z.string().nullable(),
});

export const transferSuggestionSchema = z.object({
  amount: z.number(),
  from: suggestionSide,
  to: suggestionSide,
});
export type TransferSuggestion = z.infer<typeof transferSuggestionSchema>;
export const transferSuggestionsResponse = z.array(transferSuggestionSchema);

/** Accept or dismiss one suggested pair: the expense leaving one account and the income arriving in another. */
export const transferSuggestionBody = z
  .object({ from_transaction_id: transactionId, to_transaction_id: transactionId })
  .strict()
  .refine((body) => body.from_transaction_id !== body.to_transaction_id, {
    path: ['to_transaction_id'],
    message: 'A transfer needs two different transactions.',
  });
export type TransferSuggestionBody = z.infer<typeof transferSuggestionBody>;
