/**
 * Currencies of a book and exchange rates on the wire (issue 27, DECISIONS.md #86, #87). A rate is
 * decimal text, how many units of the book's base currency one unit of the currency was worth on
 * a day, so no digit is lost to floating point on the way; a JSON number is read by the digits it
 * prints.
 */
import { CURRENCY_CODES, canonicalRate, isCurrencyCode, rateProblem } from '@mindspend/domain';
import { z } from 'zod';
import { isoDate } from './ledger-common';

export const CURRENCY_UNKNOWN = 'The currency must be an ISO 4217 code in capitals, such as EUR or JPY.';
export const BASE_CURRENCY_UNKNOWN = 'The base currency must be an ISO 4217 code in capitals, such as USD or EUR.';
export const RATE_OF_BASE_CURRENCY = "This is the book's base currency: its rate is always 1.";
export const RATE_DATE_IN_FUTURE = 'A rate can be entered for today or an earlier day.';
export const RATE_RANGE_BACKWARDS = 'The from date must be on or before the to date.';
/** Longest span GET /fx-rates lists at once. */
export const RATE_LIST_MAX_DAYS = 366;
export const RATE_RANGE_TOO_LONG = `List at most ${RATE_LIST_MAX_DAYS} days of rates at once.`;

/** 422 naming `date`: an amount in another currency with no rate to turn it into the book's (DECISIONS.md #90). */
export const noRateForAmountMessage = (currency: string, base: string, date: string) =>
  `There is no ${currency} to ${base} rate for ${date} or any day before it: enter one under Settings → Exchange rates.`;

/** A currency code field, refused with `message` unless it is an ISO 4217 code exactly as written. */
export const currencyField = (message = CURRENCY_UNKNOWN) =>
  z
    .string()
    .max(3, message)
    .refine(isCurrencyCode, message)
    .describe(`An ISO 4217 code in capitals (${CURRENCY_CODES.length} are known), such as EUR.`);

/** A manual rate as sent: decimal text (or a JSON number), stored the one way canonicalRate writes it. */
const rateField = z
  .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().max(40))
  .transform((text, ctx) => {
    const problem = rateProblem(text);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return canonicalRate(text);
  })
  .describe('Units of the base currency one unit of the currency was worth, as decimal text: "0.0064".');

/** `/fx-rates/{currency}/{date}`. */
export const fxRateParams = z.object({ currency: currencyField(), date: isoDate });
export type FxRateParams = z.infer<typeof fxRateParams>;

/** PUT /fx-rates/{currency}/{date}: a member's own rate for that day, over the ECB's. */
export const fxRateBody = z.object({ rate: rateField }).strict();
export type FxRateBody = z.input<typeof fxRateBody>;

/** GET /fx-rates: one currency or all, from and to (by default the 30 days up to today). */
export const fxRatesQuery = z.object({
  currency: currencyField().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type FxRatesQuery = z.infer<typeof fxRatesQuery>;

export const FX_RATE_SOURCES = ['ecb', 'manual'] as const;

/** One day's rate of one currency in the book's base currency. */
export const fxRateSchema = z.object({
  currency: z.string(),
  date: z.string(),
  rate: z.string(),
  /** `manual` when a member entered it (it wins over the ECB's on its day). */
  source: z.enum(FX_RATE_SOURCES),
  /** The rate derived from the ECB's figures that day, also when a manual one overrides it; null without one. */
  ecb_rate: z.string().nullable(),
});
export type FxRate = z.infer<typeof fxRateSchema>;

export const fxRatesResponse = z.object({
  base_currency: z.string(),
  from: z.string(),
  to: z.string(),
  /** Newest day first, then by currency. */
  rates: z.array(fxRateSchema),
});
export type FxRatesResponse = z.infer<typeof fxRatesResponse>;

/** GET /fx-rates/{currency}/{date}: the rate that holds that day, and the day it comes from. */
export const fxRateOnResponse = z.object({
  currency: z.string(),
  base_currency: z.string(),
  /** The day asked about. */
  requested_date: z.string(),
  /** The day whose rate holds: the requested one, or the latest earlier day with a rate. */
  date: z.string(),
  rate: z.string(),
  /** `base` for the base currency itself (rate 1). */
  source: z.enum(['ecb', 'manual', 'base']),
});
export type FxRateOn = z.infer<typeof fxRateOnResponse>;

/** The 422 of a day with no rate on or before it. */
export const noRateMessage = (currency: string, date: string) =>
  `There is no ${currency} rate on or before ${date}: enter one for that day or an earlier one.`;
