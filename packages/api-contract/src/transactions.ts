/** Transactions with feelings, purposes and split lines (spec §3 Transaction, §7). */
import {
  FEELING_VALUES,
  PAYMENT_METHOD_VALUES,
  PURPOSE_VALUES,
  SPLITS_MUST_ADD_UP,
  TRANSACTION_TYPES,
  splitLineProblems,
  toCents,
} from '@mindspend/domain';
import { z } from 'zod';
import { LONG_TEXT_MAX, optionalText, text } from './common';
import { isoDate, monthParams, positiveAmount, referenceId, referenceIdParam } from './ledger-common';
import { regretWarningSchema } from './regret-radar';

export const TRANSACTION_TYPE_REQUIRED = 'Choose Income or Expense.';
/** The split rule's sentence lives with the rule in the domain; re-exported for the apps. */
export { SPLITS_MUST_ADD_UP };
export const ONE_FEELING_ONLY = 'Choose at most one feeling.';

export const transactionSubcategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  emoji: z.string(),
  transaction_category_id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  pivot: z.object({ amount: z.number() }),
});

/**
 * Another member's feelings about a transaction of a shared book (issue 25): only members who share
 * their feelings in that book (`PATCH /books/{id}/me`), and only when they recorded one.
 */
export const memberFeelingSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string().nullable(),
  feeling: z.enum(FEELING_VALUES).nullable(),
  second_feeling: z.enum(FEELING_VALUES).nullable(),
});
export type MemberFeeling = z.infer<typeof memberFeelingSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  amount: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  entity: z.object({ id: z.number().int(), name: z.string(), name_short: z.string() }).nullable(),
  entity_id: z.number().int().nullable(),
  payee: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHOD_VALUES).nullable(),
  purpose: z.enum(PURPOSE_VALUES).nullable(),
  emotions: z.array(z.enum(FEELING_VALUES)),
  emotion_names: z.array(z.enum(FEELING_VALUES)),
  /** How an expense felt on its second look, beside the first feeling (DECISIONS.md #44). */
  second_feeling: z.enum(FEELING_VALUES).nullable(),
  /** The other members' feelings, in a shared book; `emotions` and `second_feeling` are the caller's own. */
  feelings_by_member: z.array(memberFeelingSchema),
  date: z.string(),
  date_short: z.string(),
  date_js: z.string(),
  day_of_week: z.string(),
  date_month: z.number().int(),
  date_day: z.number().int(),
  /** Non-null means expense (spec §3). */
  credit_amount: z.number().nullable(),
  /** Non-null means income. */
  debit_amount: z.number().nullable(),
  absolute_value_amount: z.number(),
  pending: z.number().int(),
  transaction_category_id: z.number().int().nullable(),
  subcategories: z.array(transactionSubcategorySchema),
  /** The transfer this row is a leg of, or null for income and spending (docs/DECISIONS.md #47). */
  transfer_id: z.number().int().nullable(),
  /** A leg's other account: 'Transfer to Savings' / 'Transfer from Checking'; null for other rows. */
  transfer_account: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The account's currency, which `amount` and the split lines are in (DECISIONS.md #90). */
  currency: z.string(),
  /** The amount in the book's base currency: what budgets, reports and insights count. */
  base_amount: z.number(),
  /** The rate (base units per unit of `currency`, decimal text) that gave `base_amount`, and the day it is of; null in the base currency. */
  fx_rate: z.string().nullable(),
  fx_date: z.string().nullable(),
  /** On month listings, one transaction's GET and a new transaction's answer: the regret radar's warning or null (DECISIONS.md #57); absent elsewhere. */
  regret_warning: regretWarningSchema.nullable().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

const splitLine = z.object({
  id: referenceId('The selected sub-category does not exist.'),
  amount: positiveAmount.optional(),
});

const transactionFields = z.object({
  type: z.enum(TRANSACTION_TYPES).optional(),
  amount: positiveAmount.optional(),
  date: isoDate.optional(),
  entity_id: referenceId('The selected payee does not exist.').nullable().optional(),
  description: optionalText().nullable(),
  notes: optionalText(LONG_TEXT_MAX).nullable(),
  payment_method: z.enum(PAYMENT_METHOD_VALUES).nullable().optional(),
  purpose: z.enum(PURPOSE_VALUES).nullable().optional(),
  emotion_names: z.array(z.enum(FEELING_VALUES)).max(1, ONE_FEELING_ONLY).optional(),
  /** The form's name for the same list; `emotion_names` wins when both are sent. */
  emotions: z.array(z.enum(FEELING_VALUES)).max(1, ONE_FEELING_ONLY).optional(),
  pending: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  subcategories: z.array(splitLine).max(20, 'A transaction can be split over at most 20 sub-categories.').optional(),
});

/** A whole transaction: type, amount and date, and split lines that add up. */
function requireWholeTransaction(body: z.infer<typeof transactionFields>, ctx: z.RefinementCtx): void {
  if (!body.type) ctx.addIssue({ code: 'custom', path: ['type'], message: TRANSACTION_TYPE_REQUIRED });
  if (body.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'The amount field is required.' });
  if (!body.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'The date field is required.' });
  const lines = (body.subcategories ?? []).map((line) => ({
    subcategoryId: line.id,
    amountCents: line.amount === undefined ? undefined : toCents(line.amount),
  }));
  const amountCents = body.amount === undefined ? undefined : toCents(body.amount);
  for (const message of splitLineProblems(amountCents, lines)) {
    ctx.addIssue({ code: 'custom', path: ['subcategories'], message });
  }
}

/** Create and update share one body; update replaces every field it is given. */
export const transactionBody = transactionFields.superRefine(requireWholeTransaction);
export type TransactionBody = z.infer<typeof transactionBody>;

export const SECOND_LOOK_ALONE = 'A second look changes only second_feeling: send the other fields in their own request.';

/**
 * PATCH /transactions/{id}: either a second look, `{ second_feeling }` alone (null takes it back),
 * or the whole-transaction body of PUT (DECISIONS.md #44).
 */
export const transactionPatchBody = transactionFields
  .extend({ second_feeling: z.enum(FEELING_VALUES).nullable().optional() })
  .superRefine((body, ctx) => {
    if (body.second_feeling === undefined) return requireWholeTransaction(body, ctx);
    const others = Object.entries(body).filter(([key, value]) => key !== 'second_feeling' && value !== undefined);
    if (others.length > 0) ctx.addIssue({ code: 'custom', path: ['second_feeling'], message: SECOND_LOOK_ALONE });
  });
export type TransactionPatchBody = z.infer<typeof transactionPatchBody>;

export const transactionsResponse = z.array(transactionSchema);

/** Most expenses one GET /second-look answers: a page the person steps through at one sitting. */
export const SECOND_LOOK_PAGE_MAX = 200;
export const SECOND_LOOK_PAGE_DEFAULT = 50;
export const SECOND_LOOK_CURSOR_BOTH = 'Send after_date and after_id together: the date and id of the last expense of the page before.';
/**
 * GET /second-look?limit=N&after_date=D&after_id=I: the N oldest expenses due (issue 29), after
 * the expense (D, I) when given — the last one of the page before (DECISIONS.md #105). A cursor
 * rather than a page number: answering an expense takes it off the list, which would shift every
 * later page by one and skip an expense.
 */
export const secondLookQuery = z
  .object({
    limit: z.coerce
      .number({ error: 'The limit must be a number.' })
      .int('The limit must be a whole number.')
      .min(1, 'Ask for at least 1 expense.')
      .max(SECOND_LOOK_PAGE_MAX, `Ask for at most ${SECOND_LOOK_PAGE_MAX} expenses at once.`)
      .optional(),
    after_date: isoDate.optional(),
    after_id: referenceIdParam('after_id must be the id of the last expense of the page before.').optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.after_date === undefined) === (query.after_id === undefined)) return;
    ctx.addIssue({ code: 'custom', path: [query.after_date === undefined ? 'after_date' : 'after_id'], message: SECOND_LOOK_CURSOR_BOTH });
  });
export type SecondLookQuery = z.infer<typeof secondLookQuery>;
/** GET /second-look/count: how many expenses are due, for the ledger's button. */
export const secondLookCountResponse = z.object({ count: z.number().int() });

export const searchTransactionsQuery = z.object({
  query: text(100).trim().min(1, 'Type something to search for.'),
  account_id: referenceIdParam('The selected account does not exist.').optional(),
  month: monthParams.shape.month.optional(),
  year: monthParams.shape.year.optional(),
});
