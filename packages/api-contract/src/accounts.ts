/** Accounts, their types and balance history (spec §3 Account, §7). */
import { z } from 'zod';
import { optionalText } from './common';
import { balanceAmount, isoDate, referenceId } from './ledger-common';

import { ACCOUNT_NAME_REQUIRED, ACCOUNT_TYPE_REQUIRED, CREDIT_CARD_SUBTYPE } from './account-constants';
import { currencyField } from './fx-rates';

export const ACCOUNT_CURRENCY_UNKNOWN = "The account's currency must be an ISO 4217 code in capitals, such as USD or EUR.";
/** 422 naming `currency`: the account's amounts were written in its currency, which a change would reinterpret. */
export const ACCOUNT_CURRENCY_LOCKED =
  'This account already has transactions in its currency: its currency can no longer change. Open a new account for the other currency.';

export {
  ACCOUNT_NAME_REQUIRED,
  ACCOUNT_TYPE_REQUIRED,
  CREDIT_CARD_SUBTYPE,
  ONLY_CREATOR_MAKES_PRIVATE,
  PRIVATE_NEEDS_SHARED_BOOK,
} from './account-constants';

export const accountTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type AccountType = z.infer<typeof accountTypeSchema>;

export const balanceSchema = z.object({
  id: z.number().int(),
  current_balance: z.number(),
  available_balance: z.number(),
  limit: z.number().nullable(),
  date: z.string(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_type_id: z.number().int(),
  type: accountTypeSchema,
  subtype: z.string().nullable(),
  most_recent_balance: balanceSchema.nullable(),
  /** Balance history, oldest first; the last entry is the most recent. */
  balance: z.array(balanceSchema),
  /** True when the account is private to the caller in a shared book: no other member sees it (DECISIONS.md #84). */
  private: z.boolean(),
  /** The ISO 4217 code the account keeps its money in; its balances are in it (DECISIONS.md #90). */
  currency: z.string(),
  created_at_js: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** An account with its figures for one month (GET /accounts/month/{m}/year/{y}). */
export const accountMonthSchema = accountSchema.extend({
  month_summary: z.object({
    income: z.number(),
    expenses: z.number(),
    transaction_count: z.number().int(),
    /** Available balance − expenses + income dated after the balance date up to the month's end (§9). */
    ending_balance: z.number(),
    /** A card's debt at the month's end, as reports count it (DECISIONS.md #53); null for other accounts. */
    owed: z.number().nullable(),
    /** A card's limit less what it owes at the month's end; null without a limit, and for other accounts. */
    available_credit: z.number().nullable(),
  }),
});
export type AccountMonth = z.infer<typeof accountMonthSchema>;

const balanceInput = z.object({
  current_balance: balanceAmount,
  available_balance: balanceAmount.optional(),
  limit: balanceAmount.nullable().optional(),
  date: isoDate,
});

const accountFields = {
  name: optionalText(100),
  account_type_id: referenceId('The selected account type does not exist.').optional(),
  subtype: z.enum([CREDIT_CARD_SUBTYPE]).nullable().optional(),
  most_recent_balance: balanceInput.optional(),
  /** Private to the caller in a shared book; left out, an update keeps what the account has. */
  private: z.boolean().optional(),
  /**
   * The account's currency: the book's base currency when left out on create; changeable only
   * while the account has no transactions (DECISIONS.md #90).
   */
  currency: currencyField(ACCOUNT_CURRENCY_UNKNOWN).optional(),
};

function requireNameAndType(body: { name?: string | undefined; account_type_id?: number | undefined }, ctx: z.RefinementCtx) {
  if (!body.name || body.name.trim() === '') ctx.addIssue({ code: 'custom', path: ['name'], message: ACCOUNT_NAME_REQUIRED });
  if (body.account_type_id === undefined) {
    ctx.addIssue({ code: 'custom', path: ['account_type_id'], message: ACCOUNT_TYPE_REQUIRED });
  }
}

export const createAccountBody = z
  .object({ ...accountFields, most_recent_balance: balanceInput })
  .superRefine(requireNameAndType);
export type CreateAccountBody = z.infer<typeof createAccountBody>;

/** Update: name and type as on create; a changed balance is added to the history. */
export const updateAccountBody = z.object(accountFields).superRefine(requireNameAndType);
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

export const accountsResponse = z.array(accountSchema);
export const accountMonthsResponse = z.array(accountMonthSchema);
export const accountTypesResponse = z.array(accountTypeSchema);
