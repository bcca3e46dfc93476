/** Budgets: flexible expenses and bills with their recurrence and per-month rows (spec §3 Budget). */
import {
  BUDGET_MESSAGES,
  BUDGET_STATUSES,
  ENDINGS,
  REPEAT_FREQUENCIES,
  hasAtMostTwoDecimals,
  validateRecurrence,
} from '@mindspend/domain';
import { z } from 'zod';
import { budgetRolloverFigures, budgetRolloverSettings } from './budget-rollover';
import { addFieldErrors, optionalText, text } from './common';
import { monthField, monthParams, referenceId, referenceIdParam, storedInteger, yearField } from './ledger-common';

const money = z.number();
const flag = z.union([z.literal(0), z.literal(1)]);

export const budgetMonthSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  /** The month's own amount, null when it follows the budget's amount. */
  amount: money.nullable(),
  ignore: flag,
  has_been_paid: flag,
  recurrence_date_this_month: z.string().nullable(),
  due_date: z.string().nullable(),
});
export type BudgetMonth = z.infer<typeof budgetMonthSchema>;

export const budgetSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  emoji: z.string(),
  website: z.string().nullable(),
  subcategory: z.object({
    id: z.number().int(),
    name: z.string(),
    transaction_category_id: z.number().int(),
    once_monthly: flag,
  }),
  transaction_subcategory_id: z.number().int(),
  due_in_full: flag,
  once_monthly: flag,
  is_recurring: flag,
  repeat_frequency: z.enum(REPEAT_FREQUENCIES),
  repeat_interval: z.number().int(),
  repeat_start: z.string(),
  start_date: z.string(),
  start_day: z.number().int().nullable(),
  ending: z.enum(ENDINGS),
  repeat_end: z.string().nullable(),
  end_date: z.string().nullable(),
  repeat_num_occurrences: z.number().int().nullable(),
  recurrences: z.array(z.object({ repeat_start: z.string() })),
  /** Amount per occurrence (DECISIONS.md #14). */
  amount: money,
  /** The selected month's figures. */
  month: z.number().int(),
  year: z.number().int(),
  month_amount: money,
  spent: money,
  remaining: money,
  credit_amount: money,
  ignore: flag,
  has_been_paid: flag,
  status: z.enum(BUDGET_STATUSES),
  recurrence_date_this_month: z.string().nullable(),
  due_date_label: z.string(),
  most_recent_budget_month: z.object({ amount: money, has_been_paid: flag }).nullable(),
  months: z.array(budgetMonthSchema),
  ...budgetRolloverFigures,
});
export type Budget = z.infer<typeof budgetSchema>;

export const budgetsMonthResponse = z.object({
  budgets: z.array(budgetSchema),
  summary: z.object({
    flexible: z.object({ planned: money, spent: money, saved: money }),
    bills: z.object({ total: money, paid: money, unpaid: money, paid_count: z.number().int(), unpaid_count: z.number().int() }),
    combined: z.object({
      total_budgeted: money,
      total_budgeted_spent: money,
      total_unpaid_bills: money,
      potential_savings: money,
    }),
    /** Ledger figures of spec §3 'Other data' and §9 Available to Spend. */
    total_ongoing_remaining: money,
    total_bills_budgeted: money,
    /** Income the month's income sources are expected to pay (beside Total Budgeted on the Combined tab). */
    expected_income: money,
  }),
});
export type BudgetsMonthResponse = z.infer<typeof budgetsMonthResponse>;

const budgetAmount = z
  .number()
  .refine((value) => value >= 0, 'The amount must not be negative.')
  .refine((value) => value <= 99_999_999.99, 'The amount must not be greater than 99,999,999.99.')
  .refine(hasAtMostTwoDecimals, 'The amount must have at most two decimal places.');

/**
 * The recurrence rules (validateRecurrence) skip these fields when a budget does not repeat, yet
 * they are still stored: the contract keeps each within what its column holds on any database.
 */
const recurrenceFields = {
  is_recurring: z.union([z.boolean(), flag]).optional(),
  repeat_frequency: text(10).optional(),
  repeat_interval: storedInteger(BUDGET_MESSAGES.intervalInvalid).optional(),
  repeat_start: text(10).optional(),
  start_day: storedInteger(BUDGET_MESSAGES.dayInvalid).nullable().optional(),
  ending: text(10).optional(),
  repeat_num_occurrences: storedInteger(BUDGET_MESSAGES.occurrencesInvalid).nullable().optional(),
  repeat_end: text(10).nullable().optional(),
};

const SUBCATEGORY_REQUIRED = 'Choose a sub-category for the budget.';
/** Beyond any stored id it names no sub-category: the same answer the service gives an unknown one. */
const subcategoryId = referenceId(SUBCATEGORY_REQUIRED);

export const createBudgetBody = z
  .object({
    transaction_subcategory_id: subcategoryId.optional(),
    display_name: optionalText(100),
    emoji: optionalText(16),
    website: optionalText().nullable(),
    due_in_full: z.union([z.boolean(), flag]).optional(),
    amount: budgetAmount.optional(),
    ...recurrenceFields,
    ...budgetRolloverSettings,
  })
  .superRefine((body, ctx) => {
    if (body.transaction_subcategory_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['transaction_subcategory_id'], message: SUBCATEGORY_REQUIRED });
    }
    if (body.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'The amount field is required.' });
    addFieldErrors(ctx, validateRecurrence({ is_recurring: true, repeat_frequency: 'month', repeat_interval: 1, ...body }));
  });
export type CreateBudgetBody = z.infer<typeof createBudgetBody>;

/**
 * PATCH: budget fields; with `month` and `year` only that month's row changes (its amount, and
 * the bill override: marked paid or skipped, mutually exclusive).
 */
export const updateBudgetBody = z
  .object({
    display_name: optionalText(100),
    emoji: optionalText(16),
    website: optionalText().nullable(),
    due_in_full: z.union([z.boolean(), flag]).optional(),
    amount: budgetAmount.optional(),
    transaction_subcategory_id: subcategoryId.optional(),
    ...recurrenceFields,
    month: monthField.optional(),
    year: yearField.optional(),
    has_been_paid: z.union([z.boolean(), flag]).optional(),
    ignore: z.union([z.boolean(), flag]).optional(),
    ...budgetRolloverSettings,
  })
  .superRefine((body, ctx) => {
    const forMonth = body.month !== undefined || body.year !== undefined;
    if (forMonth && (body.month === undefined || body.year === undefined)) {
      ctx.addIssue({ code: 'custom', path: [body.month === undefined ? 'month' : 'year'], message: 'Send both month and year to change one month.' });
    }
    if (Boolean(body.has_been_paid) && Boolean(body.ignore)) {
      ctx.addIssue({ code: 'custom', path: ['ignore'], message: 'A bill cannot be both marked paid and skipped this month.' });
    }
    if (!forMonth && (body.has_been_paid !== undefined || body.ignore !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'Marking paid or skipping needs the month and year.' });
    }
    const changesRecurrence = Object.keys(recurrenceFields).some((key) => key in body);
    if (changesRecurrence && body.repeat_start !== undefined) {
      addFieldErrors(ctx, validateRecurrence({ is_recurring: true, repeat_frequency: 'month', repeat_interval: 1, ...body }));
    }
  });
export type UpdateBudgetBody = z.infer<typeof updateBudgetBody>;

/** DELETE /budgets/{id} body: the month from which the budget no longer applies (DECISIONS.md #17). */
export const deleteBudgetBody = z.object({
  date: z.string().regex(/^(1[0-2]|0?[1-9])\/\d{4}$/, 'The date must be a month written M/yyyy, e.g. 11/2026.'),
});

export const budgetMonthQuery = z.object({
  month: monthParams.shape.month.optional(),
  year: monthParams.shape.year.optional(),
});

export const budgetSearchQuery = z.object({
  query: text(100).trim().default(''),
  month: monthParams.shape.month,
  year: monthParams.shape.year,
});

export const budgetSuggestionSchema = z.object({
  transaction_subcategory_id: z.number().int(),
  display_name: z.string(),
  emoji: z.string(),
  due_in_full: flag,
  amount: money,
  /** Day of the month a bill falls due. */
  start_day: z.number().int().nullable(),
  /** Next due date of a bill, `YYYY-MM-DD`. */
  next_due_date: z.string().nullable(),
  /** True when the amount comes from the user's last three months of spending. */
  from_history: z.boolean(),
});
export type BudgetSuggestion = z.infer<typeof budgetSuggestionSchema>;

export const unbudgetedSubcategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  emoji: z.string(),
  transaction_category_id: z.number().int(),
  spent: money,
  transaction_count: z.number().int(),
});
export type UnbudgetedSubcategory = z.infer<typeof unbudgetedSubcategorySchema>;

export const unbudgetedQuery = z.object({ account_id: referenceIdParam('The selected account does not exist.').optional() });

