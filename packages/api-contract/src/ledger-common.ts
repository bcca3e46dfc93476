/** Wire pieces the ledger's schemas share: money amounts, dates, months. */
import { MAX_AMOUNT_CENTS, hasAtMostTwoDecimals, parseIsoDate } from '@mindspend/domain';
import { z } from 'zod';

const MAX_DOLLARS = MAX_AMOUNT_CENTS / 100;

/** A positive dollar amount with at most two decimals (DECISIONS.md #12). */
export const positiveAmount = z
  .number()
  .refine((value) => value > 0, 'The amount must be greater than 0.')
  .refine((value) => value <= MAX_DOLLARS, `The amount must not be greater than ${MAX_DOLLARS.toLocaleString('en-US')}.`)
  .refine(hasAtMostTwoDecimals, 'The amount must have at most two decimal places.');

/** A dollar balance: may be negative (a credit card owes), two decimals at most. */
export const balanceAmount = z
  .number()
  .refine((value) => Math.abs(value) <= MAX_DOLLARS, `The balance must be between -${MAX_DOLLARS} and ${MAX_DOLLARS}.`)
  .refine(hasAtMostTwoDecimals, 'The balance must have at most two decimal places.');

/** A calendar date `YYYY-MM-DD` that exists. */
export const isoDate = z.string().refine((value) => parseIsoDate(value) !== null, 'The date must be a real date written YYYY-MM-DD.');

const MONTH_RULE = 'The month must be between 1 and 12.';
const YEAR_RULE = 'The year must be between 1900 and 2200.';

/** A month or year in a JSON body: a number (or its digits, as older clients send). */
export const monthField = z.coerce.number().int().min(1, MONTH_RULE).max(12, MONTH_RULE);
export const yearField = z.coerce.number().int().min(1900, YEAR_RULE).max(2200, YEAR_RULE);

/**
 * A whole number in a URL is written in plain decimal digits: no sign, point, exponent, hex
 * prefix or space. Number() alone also reads `0x3e`, `62e0`, `62.0`, `+62` and ` 62` as 62, so
 * one object answered to many spellings (issue 28). Leading zeros stay digits (`/month/01`, as
 * the answer cache's keys expect). Sixteen digits at most: anything longer is beyond every range
 * here and would read as Infinity.
 */
const PLAIN_DIGITS = /^[0-9]{1,16}$/;

/** A whole number from `min` to `max` in a path or query string; anything else gets `message`. */
export const urlInteger = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .transform((value, ctx) => {
      // A custom issue, so the 422 carries this sentence as written (plugins/validation-messages.ts).
      if (PLAIN_DIGITS.test(value)) return Number(value);
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .pipe(z.number().min(min, message).max(max, message));

/** `/month/{m}/year/{y}` path parameters. */
export const monthParams = z.object({ month: urlInteger(MONTH_RULE, 1, 12), year: urlInteger(YEAR_RULE, 1900, 2200) });
export type MonthParams = z.infer<typeof monthParams>;

/** Largest id a row can have: ids are 32-bit integers on PostgreSQL. */
export const MAX_ID = 2 ** 31 - 1;

/**
 * An id a request body refers to. One beyond any stored id cannot exist; refusing it here keeps it
 * away from PostgreSQL, which would fail on it ('out of range for type integer') instead of finding nothing.
 * Zero and negative ids name nothing either, so they get the same sentence.
 */
export const referenceId = (whenUnknown: string) =>
  z.number().int(whenUnknown).positive(whenUnknown).max(MAX_ID, whenUnknown);

/** The same for an id sent as text (a query-string parameter): `?account_id=2147483648` names no row. */
export const referenceIdParam = (whenUnknown: string) => urlInteger(whenUnknown, 1, MAX_ID);

/** Smallest value of a PostgreSQL `integer` column. */
const MIN_INT4 = -(2 ** 31);

/**
 * A whole number stored in an `integer` column whose own rule may not run (e.g. a budget's repeat
 * interval when it does not repeat): SQLite would store 1.5 or 2^31, PostgreSQL would fail on both.
 */
export const storedInteger = (message: string) =>
  z.number().refine((value) => Number.isInteger(value) && value >= MIN_INT4 && value <= MAX_ID, message);
