/** Savings goals (DECISIONS.md #5): target, date, saved so far (entered or a tracked account's balance). */
import { MAX_AMOUNT_CENTS, hasAtMostTwoDecimals } from '@mindspend/domain';
import { z } from 'zod';
import { optionalText } from './common';
import { nonNegativeAmount } from './income';
import { isoDate, referenceId } from './ledger-common';

const MAX_DOLLARS = MAX_AMOUNT_CENTS / 100;

export const GOAL_NAME_REQUIRED = 'The name field is required.';
export const GOAL_TARGET_REQUIRED = 'The target amount field is required.';
export const GOAL_DATE_REQUIRED = 'The target date field is required.';

const targetAmount = z
  .number()
  .refine((value) => value > 0, 'The target amount must be greater than 0.')
  .refine((value) => value <= MAX_DOLLARS, `The target amount must not be greater than ${MAX_DOLLARS.toLocaleString('en-US')}.`)
  .refine(hasAtMostTwoDecimals, 'The target amount must have at most two decimal places.');

export const goalSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  target_amount: z.number(),
  /** `YYYY-MM-DD` */
  target_date: z.string(),
  /** The amount entered by hand (used when no account is tracked). */
  saved_amount: z.number(),
  /** The savings account whose balance counts as saved; null when saved_amount is used. */
  account_id: z.number().int().nullable(),
  /** Saved so far: the tracked account's most recent current balance, else saved_amount. */
  saved: z.number(),
  /** (target − saved) / months left until the target date (at least 1), never negative. */
  monthly_needed: z.number(),
  /** Months counted for monthly_needed (a started month counts; at least 1). */
  months_left: z.number().int(),
  /** Whole percent of the target saved, 0-100. */
  progress_percent: z.number().int(),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalsResponse = z.array(goalSchema);

const goalFields = {
  name: optionalText(100),
  target_amount: targetAmount,
  target_date: isoDate,
  saved_amount: nonNegativeAmount,
  account_id: referenceId('The selected account does not exist.').nullable(),
};

/** POST /goals: name, target amount and date required; saved_amount defaults to 0; account optional. */
export const createGoalBody = z
  .object({
    name: goalFields.name.nullable(),
    target_amount: goalFields.target_amount.nullable().optional(),
    target_date: goalFields.target_date.nullable().optional(),
    saved_amount: goalFields.saved_amount.nullable().optional(),
    account_id: goalFields.account_id.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.name || body.name.trim() === '') ctx.addIssue({ code: 'custom', path: ['name'], message: GOAL_NAME_REQUIRED });
    if (body.target_amount === undefined || body.target_amount === null) {
      ctx.addIssue({ code: 'custom', path: ['target_amount'], message: GOAL_TARGET_REQUIRED });
    }
    if (!body.target_date) ctx.addIssue({ code: 'custom', path: ['target_date'], message: GOAL_DATE_REQUIRED });
  });
export type CreateGoalBody = z.infer<typeof createGoalBody>;

/** PATCH /goals/{id}: any of the fields; `account_id: null` stops tracking an account. */
export const updateGoalBody = z
  .object({
    name: goalFields.name,
    target_amount: goalFields.target_amount.optional(),
    target_date: goalFields.target_date.optional(),
    saved_amount: goalFields.saved_amount.optional(),
    account_id: goalFields.account_id.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.name !== undefined && body.name.trim() === '') ctx.addIssue({ code: 'custom', path: ['name'], message: GOAL_NAME_REQUIRED });
  });
export type UpdateGoalBody = z.infer<typeof updateGoalBody>;
