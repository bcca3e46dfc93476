/**
 * The pause list (issue 31, DECISIONS.md #99): a purchase the person is still considering, with a
 * forecast of how it would be felt from their own history and a cooling-off period, a reminder when
 * it ends, and their decision.
 */
import { MAX_COOLING_OFF_DAYS, MIN_COOLING_OFF_DAYS, PAYMENT_METHOD_VALUES } from '@mindspend/domain';
import { z } from 'zod';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX, text } from './common';
import { isoDate, positiveAmount, referenceId } from './ledger-common';

export const PAUSE_PAYEE_REQUIRED = 'Say where you would buy it: choose a payee or type a name.';
export const PAUSE_PAYEE_UNKNOWN = 'The selected payee does not exist.';
export const PAUSE_SUBCATEGORY_UNKNOWN = 'The selected sub-category does not exist.';
export const PAUSE_AMOUNT_REQUIRED = 'The amount field is required.';
export const PAUSE_TRANSACTION_UNKNOWN = 'The selected purchase does not exist.';
export const PAUSE_TRANSACTION_ONLY_BOUGHT = 'Only a purchase you bought can be linked to a transaction.';
export const COOLING_OFF_RULE = `The cooling-off period must be a whole number of days from ${MIN_COOLING_OFF_DAYS} to ${MAX_COOLING_OFF_DAYS}.`;
export const PAUSE_RANGE_ORDER = 'The start date must be on or before the end date.';

/** What a forecast rests on: the similar purchases, then each trigger that applies today. */
export const forecastBasisSchema = z.object({
  kind: z.enum(['payee', 'subcategory', 'weekday', 'days_since_income', 'payment_method', 'amount_band']),
  /** The payee's or sub-category's name, or the trigger group's label ('Friday', 'Credit Card'). */
  label: z.string(),
  /** Felt purchases counted. */
  feelings: z.number().int(),
  /** Of those, regretted. */
  regretted: z.number().int(),
  /** Percent regretted, one decimal. */
  rate: z.number(),
  /** For a trigger: its rate divided by the person's rate over the whole dimension (1: no effect). */
  lift: z.number().nullable(),
});

export const pauseForecastSchema = z.object({
  /** False when too few similar purchases were felt to say anything; regret_rate is then null. */
  enough: z.boolean(),
  /** Percent of purchases like this one expected to be regretted, one decimal; null without enough history. */
  regret_rate: z.number().nullable(),
  /** Felt purchases the forecast rests on (same payee, else same sub-category). */
  similar: z.number().int(),
  /** Of those, regretted (their latest feeling). */
  regretted: z.number().int(),
  /** Of those, felt fine at first and regretted on a second look. */
  soured: z.number().int(),
  /** Felt purchases needed before a forecast is given. */
  needed: z.number().int(),
  basis: z.array(forecastBasisSchema),
});
export type PauseForecast = z.infer<typeof pauseForecastSchema>;

export const PAUSE_STATUSES = ['waiting', 'reminder_due', 'decided'] as const;
export const PAUSE_DECISIONS = ['skipped', 'bought'] as const;

export const pauseMatchSchema = z.object({
  transaction_id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  payee: z.string(),
});

export const pauseSchema = z.object({
  id: z.number().int(),
  /** The payee's name (a payee of the book, or the text typed). */
  payee: z.string(),
  entity_id: z.number().int().nullable(),
  subcategory_id: z.number().int().nullable(),
  subcategory: z.string().nullable(),
  amount: z.number(),
  payment_method: z.enum(PAYMENT_METHOD_VALUES).nullable(),
  note: z.string().nullable(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
  cooling_off_days: z.number().int(),
  /** When the cooling-off ends and the reminder is due, ISO-8601 UTC. */
  remind_at: z.string(),
  status: z.enum(PAUSE_STATUSES),
  decision: z.enum(PAUSE_DECISIONS).nullable(),
  decided_at: z.string().nullable(),
  /** The purchase recorded for a pause bought. */
  transaction_id: z.number().int().nullable(),
  /** The forecast as it was given when the purchase was paused. */
  forecast: pauseForecastSchema,
  /**
   * For a pause not yet decided: a purchase recorded since at the same payee within 10 % of the
   * amount, offered as what was bought.
   */
  match: pauseMatchSchema.nullable(),
});
export type Pause = z.infer<typeof pauseSchema>;
export const pausesResponse = z.array(pauseSchema);

const coolingOffDays = z
  .number()
  .int(COOLING_OFF_RULE)
  .min(MIN_COOLING_OFF_DAYS, COOLING_OFF_RULE)
  .max(MAX_COOLING_OFF_DAYS, COOLING_OFF_RULE);

/**
 * POST /pauses: a payee of the book or a typed name, an amount, and optionally a sub-category, a
 * payment method, a note, and a cooling-off period of the person's own (else the suggested one).
 */
export const createPauseBody = z
  .object({
    entity_id: referenceId(PAUSE_PAYEE_UNKNOWN).nullable().optional(),
    payee: text(SHORT_TEXT_MAX).nullable().optional(),
    subcategory_id: referenceId(PAUSE_SUBCATEGORY_UNKNOWN).nullable().optional(),
    amount: positiveAmount.nullable().optional(),
    payment_method: z.enum(PAYMENT_METHOD_VALUES).nullable().optional(),
    note: text(LONG_TEXT_MAX).nullable().optional(),
    cooling_off_days: coolingOffDays.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const typed = body.payee?.trim() ?? '';
    if ((body.entity_id === undefined || body.entity_id === null) && typed === '') {
      ctx.addIssue({ code: 'custom', path: ['payee'], message: PAUSE_PAYEE_REQUIRED });
    }
    if (body.amount === undefined || body.amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: PAUSE_AMOUNT_REQUIRED });
  });
export type CreatePauseBody = z.infer<typeof createPauseBody>;

/** PATCH /pauses/{id}: the decision; a purchase bought may name the transaction it became. */
export const decidePauseBody = z
  .object({
    decision: z.enum(PAUSE_DECISIONS, { message: "The decision must be 'skipped' or 'bought'." }),
    transaction_id: referenceId(PAUSE_TRANSACTION_UNKNOWN).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'skipped' && body.transaction_id !== undefined && body.transaction_id !== null) {
      ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: PAUSE_TRANSACTION_ONLY_BOUGHT });
    }
  });
export type DecidePauseBody = z.infer<typeof decidePauseBody>;

/** GET /pauses/summary?from=&to=: pauses written in the range, by the person's local dates. */
export const pauseSummaryQuery = z
  .object({ from: isoDate, to: isoDate })
  .superRefine((query, ctx) => {
    if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['from'], message: PAUSE_RANGE_ORDER });
  });
export type PauseSummaryQuery = z.infer<typeof pauseSummaryQuery>;

const feltCountsSchema = z.object({
  felt: z.number().int(),
  regretted: z.number().int(),
  /** Percent regretted, one decimal; null when nothing was felt. */
  rate: z.number().nullable(),
});

export const pauseSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Purchases paused and then skipped: the regret avoided. */
  skipped: z.object({ count: z.number().int(), total: z.number() }),
  bought: z.object({ count: z.number().int(), total: z.number() }),
  /** Pauses of the range not yet decided. */
  undecided: z.number().int(),
  /** How the purchases bought after a pause were felt, against every other purchase of the range. */
  after_pause: feltCountsSchema,
  rest: feltCountsSchema,
});
export type PauseSummary = z.infer<typeof pauseSummarySchema>;
