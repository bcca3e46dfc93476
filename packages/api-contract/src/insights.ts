/** GET /insights: how spending felt over a range of months, for one account or all of them. */
import { FEELING_VALUES, MAX_INSIGHT_MONTHS, PURPOSE_VALUES } from '@mindspend/domain';
import { z } from 'zod';
import { referenceIdParam } from './ledger-common';

export const INSIGHT_VIEWS = ['me', 'together'] as const;
export type InsightView = (typeof INSIGHT_VIEWS)[number];

const MONTH_RULE = 'The month must be written YYYY-MM, e.g. 2026-11.';
const yearMonth = z
  .string()
  .regex(/^(19\d\d|2[01]\d\d|2200)-(0[1-9]|1[0-2])$/, MONTH_RULE);

const toIndex = (key: string) => Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7)) - 1;

/**
 * `from` and `to` are months `YYYY-MM`, both included, at most 36 months apart; both default to
 * the 12 months ending with the user's current month. `account_id` narrows to one account.
 */
export const insightsQuery = z
  .object({
    from: yearMonth.optional(),
    to: yearMonth.optional(),
    account_id: referenceIdParam('The selected account does not exist.').optional(),
    /** `me` (the default): the caller's own feelings; `together` adds how the members' feelings meet. */
    view: z.enum(INSIGHT_VIEWS, { message: 'The view must be me or together.' }).optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: 'Send both from and to, or neither.' });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    const months = toIndex(query.to) - toIndex(query.from) + 1;
    if (months < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end month must not be before the start month.' });
    else if (months > MAX_INSIGHT_MONTHS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${MAX_INSIGHT_MONTHS} months.` });
    }
  });
export type InsightsQuery = z.infer<typeof insightsQuery>;

const money = z.number();

const regretLine = z.object({
  /** Category id / entity id; null for 'Uncategorized' / transactions without a payee. */
  id: z.number().int().nullable(),
  name: z.string(),
  spent: money,
  regretted: money,
  /** Percent of `spent` tagged 'Regretted it', one decimal (12.5 means 12.5 %). */
  rate: z.number(),
});
export type RegretLineWire = z.infer<typeof regretLine>;

const shiftLine = z.object({
  /** Category id / entity id; null for 'Uncategorized' / expenses without a payee. */
  id: z.number().int().nullable(),
  name: z.string(),
  /** Second looks with a first feeling to compare against. */
  compared: z.number().int(),
  /** Did not feel like a regret at first, regretted on the second look. */
  soured: z.number().int(),
  /** Regretted at first, no longer on the second look. */
  warmed: z.number().int(),
  /** Any other change (e.g. felt good → mixed). */
  changed: z.number().int(),
  /** Whole percent of `compared` that soured. */
  soured_percent: z.number().int(),
});
export type ShiftLineWire = z.infer<typeof shiftLine>;

const triggerGroup = z.object({
  /** Stable key: `mon`…`sun`, `0_3`/`4_7`/`8_14`/`15_plus`/`no_income_yet`, a payment method or `none`, an amount band. */
  key: z.string(),
  label: z.string(),
  /** Expenses of the group with a feeling. */
  feelings: z.number().int(),
  /** Of those, tagged 'Regretted it'. */
  regretted: z.number().int(),
  /** Percent of `feelings` regretted, one decimal. */
  rate: z.number(),
});

/**
 * One trigger of regret (DECISIONS.md #49): shown with its groups (those with at least 5 feelings,
 * in a fixed order) when the range has enough feelings, otherwise how many there are and are needed.
 */
const triggerDimension = z.discriminatedUnion('enough', [
  z.object({ enough: z.literal(true), feelings: z.number().int(), groups: z.array(triggerGroup) }),
  z.object({ enough: z.literal(false), feelings: z.number().int(), needed: z.number().int() }),
]);
export type TriggerDimensionWire = z.infer<typeof triggerDimension>;

/** Purchases regretted by every member who felt them, and by some of them only (money and count). */
const sharedRegret = z.object({
  all_amount: money,
  all_count: z.number().int(),
  some_amount: money,
  some_count: z.number().int(),
});

const togetherLine = z.object({
  /** Category id / entity id; null for 'Uncategorized' / purchases without a payee. */
  id: z.number().int().nullable(),
  name: z.string(),
  ...sharedRegret.shape,
});
export type TogetherLineWire = z.infer<typeof togetherLine>;

/**
 * `view=together` (issue 25): the range's purchases felt by at least two of the members counted —
 * the caller and the members who share their feelings in the book — split into those every one of
 * them regretted (`all_`) and those only some did (`some_`), in all, per payee and per category
 * (a split purchase counts in each of its categories by its line's amount).
 */
const togetherSchema = z.object({
  members: z.array(z.object({ user_id: z.number().int(), first_name: z.string().nullable() })),
  /** Purchases felt by at least two members counted. */
  compared: z.number().int(),
  totals: sharedRegret,
  by_payee: z.array(togetherLine),
  by_category: z.array(togetherLine),
});
export type TogetherWire = z.infer<typeof togetherSchema>;

export const insightsResponse = z.object({
  /** `YYYY-MM`, as answered (defaults filled in). */
  from: z.string(),
  to: z.string(),
  account_id: z.number().int().nullable(),
  totals: z.object({
    /** Every expense of the range. */
    spent: money,
    transaction_count: z.number().int(),
    /** Expenses with a feeling. */
    tagged: money,
    /** Expenses without a feeling: tag them on the ledger to fill the figures. */
    untagged: money,
    /** Expenses with a purpose. */
    with_purpose: money,
  }),
  /** The four feelings in the spec's order; percent of the tagged spending, whole numbers summing to 100 (or all 0). */
  by_feeling: z.array(z.object({ feeling: z.enum(FEELING_VALUES), label: z.string(), amount: money, count: z.number().int(), percent: z.number().int() })),
  /** The four purposes; percent of the spending with a purpose, summing to 100 (or all 0). */
  by_purpose: z.array(z.object({ purpose: z.enum(PURPOSE_VALUES), amount: money, count: z.number().int(), percent: z.number().int() })),
  regret: z.object({
    /** Percent of all spending tagged 'Regretted it', one decimal. */
    rate: z.number(),
    regretted: money,
    /** Categories with spending, most regretted amount first (split lines count by their own amount). */
    by_category: z.array(regretLine),
    /** Payees with spending, most regretted amount first. */
    by_payee: z.array(regretLine),
    /** The (up to 5) payees with the most regretted spending. */
    top_payees: z.array(regretLine),
  }),
  /** One bucket per month of the range, oldest first, empty months with zeros: spending per feeling. */
  trend: z.array(
    z.object({ month: z.number().int(), year: z.number().int(), positive: money, neutral: money, negative: money, mixed: money }),
  ),
  /** Spending per category, largest first; percent whole numbers summing to 100. */
  by_category: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), amount: money, percent: z.number().int() })),
  /**
   * How feelings moved on the second look (DECISIONS.md #44), expenses of the range counted once
   * per category they are split over and once per payee; most soured first.
   */
  shifts: z.object({ by_category: z.array(shiftLine), by_payee: z.array(shiftLine) }),
  /** What triggers regret: the regret rate of the range's felt expenses by four dimensions (issue 16). */
  triggers: z.object({
    weekday: triggerDimension,
    days_since_income: triggerDimension,
    payment_method: triggerDimension,
    amount_band: triggerDimension,
  }),
  /** How the members' feelings meet (`view=together`); null for `view=me`. */
  together: togetherSchema.nullable(),
});
export type InsightsResponse = z.infer<typeof insightsResponse>;
