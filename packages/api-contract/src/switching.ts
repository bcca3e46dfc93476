/**
 * Switching from another budgeting app in one step (issue 34; DECISIONS.md #98):
 * POST /api/imports/from-app (multipart: `app`, `file`, and for YNAB an optional `budget` file)
 * answers what was brought into the book and what was left behind, and why.
 */
import { SWITCHING_APPS } from '@mindspend/domain';
import { z } from 'zod';

export const switchingAppSchema = z.enum(SWITCHING_APPS);

/** At most this many left-behind rows are listed; `left_behind_count` counts them all. */
export const LEFT_BEHIND_LISTED = 100;

const count = z.number().int().nonnegative();

export const switchSummarySchema = z.object({
  app: switchingAppSchema,
  /** Accounts made for the export's accounts, and those found in the book by name and used. */
  accounts_created: count,
  accounts_matched: count,
  /** The book's own sub-categories made for categories Mindspend did not have (under "From <app>"). */
  categories_created: count,
  payees_created: count,
  transactions: count,
  /** Transactions brought with more than one category line. */
  splits: count,
  transfers: count,
  /** Rows already in the book from an earlier upload of the same export: not written again. */
  duplicates_skipped: count,
  left_behind: z.array(z.object({ source: z.string(), reason: z.string() })),
  left_behind_count: count,
});
export type SwitchSummary = z.infer<typeof switchSummarySchema>;

export const SWITCH_FILE_NEEDED = 'Choose the export file of the app you are switching from.';
/** Said after a YNAB export's dates read both ways: the form offers `date_order`. */
export const SWITCH_DATE_ORDER_ASK = 'Choose how to read them; nothing is brought in until then.';
export const SWITCH_DATE_ORDER_INVALID = 'Dates are read month first or day first.';
export const SWITCH_APP_NEEDED = 'Choose the app you are switching from: YNAB, Actual Budget, Firefly III or Mint.';
