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

/** `/month/{m}/year/{y}` path parameters. */
export const monthParams = z.object({
  month: z.coerce.number().int().min(1, 'The month must be between 1 and 12.').max(12, 'The month must be between 1 and 12.'),
  year: z.coerce.number().int().min(1900, 'The year must be between 1900 and 2200.').max(2200, 'The year must be between 1900 and 2200.'),
});
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
export const referenceIdParam = (whenUnknown: string) =>
  z.coerce.number().int(whenUnknown).positive(whenUnknown).max(MAX_ID, whenUnknown);

/** Smallest value of a PostgreSQL `integer` column. */
const MIN_INT4 = -(2 ** 31);

/**
 * A whole number stored in an `integer` column whose own rule may not run (e.g. a budget's repeat
 * interval when it does not repeat): SQLite would store 1.5 or 2^31, PostgreSQL would fail on both.
 */
export const storedInteger = (message: string) =>
  z.number().refine((value) => Number.isInteger(value) && value >= MIN_INT4 && value <= MAX_ID, message);
