/**
 * Rollover and the regret cap of a flexible budget (issues 15 and 16; docs/DECISIONS.md #55, #56):
 * the settings a budget's create and update bodies take, and the figures a budget's month carries.
 */
import { hasAtMostTwoDecimals } from '@mindspend/domain';
import { z } from 'zod';

const money = z.number();

export const REGRET_CAP_MESSAGES = {
  notPositive: 'The regret cap must be more than $0.00; send null to remove it.',
  tooLarge: 'The regret cap must not be greater than 99,999,999.99.',
  decimals: 'The regret cap must have at most two decimal places.',
} as const;

const regretCap = z
  .number({ error: 'The regret cap must be an amount in dollars, e.g. 100.00, or null for none.' })
  .refine((value) => value > 0, REGRET_CAP_MESSAGES.notPositive)
  .refine((value) => value <= 99_999_999.99, REGRET_CAP_MESSAGES.tooLarge)
  .refine(hasAtMostTwoDecimals, REGRET_CAP_MESSAGES.decimals);

/**
 * Body fields of POST and PATCH /budgets. `rollover` takes effect from the budget's first month on
 * create, from the month sent with `month` and `year` on a month's PATCH, else from the user's
 * current month.
 */
export const budgetRolloverSettings = {
  rollover: z.boolean({ error: 'Rollover is true or false.' }).optional(),
  regret_cap: regretCap.nullable().optional(),
};

/** A budget's month figures of rollover and regret. */
export const budgetRolloverFigures = {
  /** Rollover is on for this month: what it leaves goes into the next month. */
  rollover: z.boolean(),
  /** Carried into this month from the one before (negative after an overspend). */
  carried: money,
  /** The month it was carried from, or null when rollover was off then. */
  carried_from: z.object({ month: z.number().int(), year: z.number().int() }).nullable(),
  /** The month's amount plus what was carried in. */
  available: money,
  regret_cap: money.nullable(),
  /** Spending this month in the budget's sub-category whose current feeling is 'Regretted it'. */
  regretted: money,
  /** Regretted spending is above the cap. */
  regret_cap_passed: z.boolean(),
};
