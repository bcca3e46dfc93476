/** Recurring income sources and the expected income of a month (spec §2.6, §3, §5 'Add income form'). */
import { INCOME_RECURRENCE_VALUES, MAX_AMOUNT_CENTS, MAX_X_DAYS, hasAtMostTwoDecimals } from '@mindspend/domain';
import { z } from 'zod';
import { isoDate, monthParams, referenceId } from './ledger-common';

const MAX_DOLLARS = MAX_AMOUNT_CENTS / 100;

export const INCOME_ACCOUNT_REQUIRED = 'Choose the account the income is paid into.';
export const INCOME_SOURCE_REQUIRED = 'Choose who pays this income (the source).';
export const INCOME_AMOUNT_REQUIRED = 'The amount field is required.';
export const INCOME_START_DATE_REQUIRED = 'The start date field is required.';
export const INCOME_RECURRENCE_REQUIRED = 'Choose a recurrence pattern.';
export const X_DAYS_REQUIRED = 'Enter every how many days the income is paid.';
export const X_DAYS_RULE = `Every how many days must be a whole number from 1 to ${MAX_X_DAYS}.`;

/** A dollar amount of 0 or more with at most two decimals (spec §5: min 0, step 0.01). */
export const nonNegativeAmount = z
  .number()
  .refine((value) => value >= 0, 'The amount must not be negative.')
  .refine((value) => value <= MAX_DOLLARS, `The amount must not be greater than ${MAX_DOLLARS.toLocaleString('en-US')}.`)
  .refine(hasAtMostTwoDecimals, 'The amount must have at most two decimal places.');

export const incomeRecurrence = z.enum(INCOME_RECURRENCE_VALUES, { message: INCOME_RECURRENCE_REQUIRED });

const xDays = z.number().int(X_DAYS_RULE).min(1, X_DAYS_RULE).max(MAX_X_DAYS, X_DAYS_RULE);

export const incomeSourceSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  entity_id: z.number().int(),
  entity: z.object({ id: z.number().int(), name: z.string(), name_short: z.string() }),
  /** Paid per occurrence. */
  amount: z.number(),
  /** `YYYY-MM-DD`: the first payment; nothing is expected before it. */
  start_date: z.string(),
  recurrence: z.enum(INCOME_RECURRENCE_VALUES),
  /** Days between payments for `every_x_days`; null for the other patterns. */
  x_days: z.number().int().nullable(),
});
export type IncomeSource = z.infer<typeof incomeSourceSchema>;
export const incomeSourcesResponse = z.array(incomeSourceSchema);

const incomeFields = {
  account_id: referenceId('The selected account does not exist.'),
  entity_id: referenceId('The selected source does not exist.'),
  amount: nonNegativeAmount,
  start_date: isoDate,
  recurrence: incomeRecurrence,
  /** Only read for `every_x_days`; ignored (stored as null) otherwise. */
  x_days: xDays.nullable(),
};

/** POST /income-sources: every field of the form is required; x_days only for every_x_days. */
export const createIncomeSourceBody = z
  .object({
    account_id: incomeFields.account_id.nullable().optional(),
    entity_id: incomeFields.entity_id.nullable().optional(),
    amount: incomeFields.amount.nullable().optional(),
    start_date: incomeFields.start_date.nullable().optional(),
    recurrence: incomeFields.recurrence.nullable().optional(),
    x_days: incomeFields.x_days.optional(),
  })
  .superRefine((body, ctx) => {
    const required: Array<[keyof typeof body, string]> = [
      ['account_id', INCOME_ACCOUNT_REQUIRED],
      ['entity_id', INCOME_SOURCE_REQUIRED],
      ['amount', INCOME_AMOUNT_REQUIRED],
      ['start_date', INCOME_START_DATE_REQUIRED],
      ['recurrence', INCOME_RECURRENCE_REQUIRED],
    ];
    for (const [field, message] of required) {
      if (body[field] === undefined || body[field] === null || body[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
    }
    if (body.recurrence === 'every_x_days' && (body.x_days === undefined || body.x_days === null)) {
      ctx.addIssue({ code: 'custom', path: ['x_days'], message: X_DAYS_REQUIRED });
    }
  });
export type CreateIncomeSourceBody = z.infer<typeof createIncomeSourceBody>;

/** PATCH /income-sources/{id}: any of the fields; switching to every_x_days needs x_days (sent or stored). */
export const updateIncomeSourceBody = z.object({
  account_id: incomeFields.account_id.optional(),
  entity_id: incomeFields.entity_id.optional(),
  amount: incomeFields.amount.optional(),
  start_date: incomeFields.start_date.optional(),
  recurrence: incomeFields.recurrence.optional(),
  x_days: incomeFields.x_days.optional(),
});
export type UpdateIncomeSourceBody = z.infer<typeof updateIncomeSourceBody>;

export const expectedPaymentSchema = z.object({
  source_id: z.number().int(),
  entity_id: z.number().int(),
  entity_name: z.string(),
  account_id: z.number().int(),
  /** `YYYY-MM-DD` the payment is expected on. */
  date: z.string(),
  amount: z.number(),
  /** True when an income transaction of the same entity is dated within 3 days of `date`. */
  received: z.boolean(),
  /** That transaction; null while not received. */
  transaction_id: z.number().int().nullable(),
});
export type ExpectedPaymentWire = z.infer<typeof expectedPaymentSchema>;

/** GET /income-sources/expected/month/{m}/year/{y}. */
export const expectedIncomeResponse = z.object({
  month: z.number().int(),
  year: z.number().int(),
  /** Sum of every expected payment of the month. */
  total: z.number(),
  /** Sum of the payments already received. */
  received_total: z.number(),
  payments: z.array(expectedPaymentSchema),
});
export type ExpectedIncomeResponse = z.infer<typeof expectedIncomeResponse>;

export const expectedIncomeParams = monthParams;
