/**
 * The whole-account backup (GET /export/backup.json, POST /import-backup). Rows are written as the
 * database holds them — ids as stored, money in integer cents — so a restore can remap every
 * reference exactly; sub-category ids refer to the shared default category tree.
 */
import {
  ENDINGS,
  FEELING_VALUES,
  INCOME_RECURRENCE_VALUES,
  MAX_AMOUNT_CENTS,
  MAX_RULES_PER_USER,
  MAX_X_DAYS,
  PAYMENT_METHOD_VALUES,
  PURPOSE_VALUES,
  REPEAT_FREQUENCIES,
  CLEAN_TEXT,
  TEXT_NOT_WELL_FORMED,
  TRANSACTION_TYPES,
  REFLECTION_TEXT_MAX,
  isTargetPercent,
  purposeTargetProblems,
  rateProblem,
  splitLineProblems,
} from '@mindspend/domain';
import { z } from 'zod';
import { ATTACHMENT_MEDIA_TYPES } from './attachments';
import { LONG_TEXT_MAX } from './common';
import { BASE_CURRENCY_UNKNOWN, RATE_OF_BASE_CURRENCY, currencyField } from './fx-rates';
import { MAX_ID, isoDate } from './ledger-common';
import { TOO_MANY_RULES, createRuleBody } from './rules';

/** Identifies a Mindspend backup file. */
export const BACKUP_FORMAT = 'mindspend-backup';
/** The backup layout this server writes and reads. */
export const BACKUP_VERSION = 1;
/**
 * Largest backup body the import accepts: the 200,000-transaction bench user's backup is 73 MB
 * (restored in about 10 s on a loaded 2-core VM).
 */
export const BACKUP_MAX_BYTES = 100 * 1024 * 1024;
/** The backup zip (DECISIONS.md #113): its upload, everything in it inflated, and its entries. */
export const BACKUP_ZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const BACKUP_ZIP_MAX_ENTRIES = 50_000;
/** The zip's entry holding the backup file; the attachments are under `attachments/<id>/`. */
export const BACKUP_ZIP_JSON_ENTRY = 'backup.json';
export const BACKUP_ZIP_MESSAGES = {
  fileRequired: 'Choose the backup file to restore: the .zip from ‘Download backup’.',
  tooLarge: `A backup zip may be at most ${BACKUP_ZIP_MAX_BYTES / 1024 ** 3} GB, and hold at most as much unpacked; nothing was restored.`,
  fileTooLarge: 'A file in this zip is larger than this server accepts; nothing was restored.',
  notZip: 'This file is not a readable zip; nothing was restored. Choose the .zip from ‘Download backup’.',
  tooManyEntries: `A backup zip holds at most ${BACKUP_ZIP_MAX_ENTRIES.toLocaleString('en-US')} files; nothing was restored.`,
  noBackupJson: `This zip has no ${BACKUP_ZIP_JSON_ENTRY}, so it is not a Mindspend backup; nothing was restored.`,
  strayEntry: 'This zip holds a file that is not part of a Mindspend backup; nothing was restored.',
  sizeMismatch: 'A file in this zip does not hold what its header says (damaged, or a zip bomb); nothing was restored.',
  missingFile: 'The backup lists an attached file the zip does not hold; nothing was restored.',
  filesNeedZip: 'This backup lists attached files: restore the .zip it came in, not its backup.json alone.',
  wrongFile: 'An attached file in this zip is not what the backup says it is; nothing was restored.',
} as const;
export const BACKUP_NOT_EMPTY = 'Backups can only be restored into an empty account.';
export const BACKUP_WRONG_VERSION = `This file is not a Mindspend backup of format version ${BACKUP_VERSION}; export a new backup and restore that.`;

/** The rule of every text a person sends (api-contract common.ts), so a restore stores nothing the API would refuse. */
const text = (max: number) => z.string().max(max).regex(CLEAN_TEXT, TEXT_NOT_WELL_FORMED);
const id = z.number().int().positive().max(MAX_ID);
const cents = z.number().int().min(-MAX_AMOUNT_CENTS).max(MAX_AMOUNT_CENTS);
const positiveCents = z.number().int().min(0).max(MAX_AMOUNT_CENTS);
const flag = z.union([z.literal(0), z.literal(1)]);
const timestamp = text(30);
const monthKey = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Months are written YYYY-MM.');

export const backupBalanceSchema = z.object({
  current_balance_cents: cents,
  available_balance_cents: cents,
  limit_cents: cents.nullable(),
  date: isoDate,
  created_at: timestamp,
});

export const backupAccountSchema = z.object({
  id,
  name: text(100).min(1),
  account_type_id: id,
  subtype: text(40).nullable(),
  /** The account's currency (DECISIONS.md #90); absent in files written before it, which restore in the book's base currency. */
  currency: currencyField().optional(),
  created_at: timestamp,
  /** Balance history, oldest first. */
  balances: z.array(backupBalanceSchema).max(100_000),
});

export const backupEntitySchema = z.object({
  id,
  name: text(255).min(1),
  name_short: text(60),
  address_line1: text(255).nullable(),
  address_line2: text(255).nullable(),
  city: text(100).nullable(),
  state: text(2).nullable(),
  zipcode: text(10).nullable(),
  created_at: timestamp,
});

export const backupTransactionSchema = z.object({
  id,
  account_id: id,
  entity_id: id.nullable(),
  type: z.enum(TRANSACTION_TYPES),
  amount_cents: positiveCents,
  date: isoDate,
  description: text(255).nullable(),
  notes: text(LONG_TEXT_MAX).nullable(),
  payment_method: z.enum(PAYMENT_METHOD_VALUES).nullable(),
  purpose: z.enum(PURPOSE_VALUES).nullable(),
  emotion: z.enum(FEELING_VALUES).nullable(),
  /** The second look (DECISIONS.md #44); absent in files written before it. */
  second_feeling: z.enum(FEELING_VALUES).nullable().optional(),
  /** The transfer this row is a leg of, shared by its two legs (docs/DECISIONS.md #47); absent in files written before it. */
  transfer_id: id.nullable().optional(),
  pending: flag,
  import_key: text(255).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  /** In an account of another currency than the book's: its own amount and the rate that gave `amount_cents` (DECISIONS.md #90); absent or null otherwise. */
  account_amount_cents: positiveCents.nullable().optional(),
  fx_rate: text(40).nullable().optional(),
  fx_date: isoDate.nullable().optional(),
  splits: z.array(z.object({ subcategory_id: id, amount_cents: positiveCents, account_amount_cents: positiveCents.nullable().optional() })).max(20),
})
  // The split rules of a created transaction, from the same function (issue 12): a restore
  // must not write a transaction the API would have refused.
  .superRefine((transaction, ctx) => {
    const lines = transaction.splits.map((line) => ({ subcategoryId: line.subcategory_id, amountCents: line.amount_cents }));
    for (const message of splitLineProblems(transaction.amount_cents, lines)) {
      ctx.addIssue({ code: 'custom', path: ['splits'], message });
    }
  });

export const backupBudgetSchema = z.object({
  id,
  subcategory_id: id,
  display_name: text(100),
  emoji: text(16),
  website: text(255).nullable(),
  due_in_full: flag,
  amount_cents: positiveCents,
  is_recurring: flag,
  repeat_frequency: z.enum(REPEAT_FREQUENCIES),
  repeat_interval: z.number().int().min(1).max(10_000),
  repeat_start: isoDate,
  start_day: z.number().int().min(1).max(31).nullable(),
  ending: z.enum(ENDINGS),
  repeat_num_occurrences: z.number().int().min(0).max(100_000).nullable(),
  repeat_end: isoDate.nullable(),
  ends_before_month: monthKey.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  months: z
    .array(
      z.object({
        year: z.number().int().min(1900).max(2200),
        month: z.number().int().min(1).max(12),
        amount_cents: positiveCents.nullable(),
        ignore: flag,
        has_been_paid: flag,
      }),
    )
    .max(10_000),
  /** The regret cap (DECISIONS.md #56), above 0 as the budget form requires; absent in files written before #70. */
  regret_cap_cents: z.number().int().min(1).max(MAX_AMOUNT_CENTS).nullable().optional(),
  /** The rollover history (DECISIONS.md #55), oldest month first; absent in files written before #70. */
  rollover_changes: z.array(z.object({ from_month: monthKey, enabled: flag, created_at: timestamp })).max(10_000).optional(),
  /** The months whose regret cap has already notified, so a restored copy does not notify them again (#70). */
  regret_alerts: z.array(z.object({ month: monthKey, created_at: timestamp })).max(10_000).optional(),
})
  // One row per budget and month in both tables (their unique keys): refused here rather than by the database.
  .superRefine((budget, ctx) => {
    const twice = (months: readonly string[]) => new Set(months).size !== months.length;
    if (twice((budget.rollover_changes ?? []).map((change) => change.from_month)))
      ctx.addIssue({ code: 'custom', path: ['rollover_changes'], message: 'A budget turns rollover on or off once per month; this one changes rollover twice from one month.' });
    if (twice((budget.regret_alerts ?? []).map((alert) => alert.month)))
      ctx.addIssue({ code: 'custom', path: ['regret_alerts'], message: 'A regret cap notifies once per month; this budget lists one month twice.' });
  });

export const backupIncomeSourceSchema = z.object({
  id,
  account_id: id,
  entity_id: id,
  amount_cents: positiveCents,
  start_date: isoDate,
  recurrence: z.enum(INCOME_RECURRENCE_VALUES),
  x_days: z.number().int().min(1).max(MAX_X_DAYS).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const backupGoalSchema = z.object({
  id,
  name: text(100).min(1),
  target_cents: positiveCents,
  target_date: isoDate,
  saved_cents: positiveCents,
  account_id: id.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

const targetPercent = z.custom<number>((value) => isTargetPercent(value), 'Each target is a whole percent from 0 to 100.');

/** Purpose targets (DECISIONS.md #45): the API's 100 % rule holds for a restore too. */
export const backupPurposeTargetsSchema = z
  .object({ survival: targetPercent, optional: targetPercent, culture: targetPercent, unexpected: targetPercent, updated_at: timestamp })
  .superRefine((targets, ctx) => {
    for (const message of purposeTargetProblems(targets)) ctx.addIssue({ code: 'custom', message });
  });

export const backupReflectionSchema = z.object({
  year: z.number().int().min(1900).max(2200),
  month: z.number().int().min(1).max(12),
  went_well: text(REFLECTION_TEXT_MAX),
  change_next: text(REFLECTION_TEXT_MAX),
  updated_at: timestamp,
});

/**
 * A categorization rule (DECISIONS.md #51, #70) in the form GET /api/rules answers it, amount
 * ranges in dollars: its conditions and actions are checked by POST /api/rules's own schema, so a
 * restore stores no rule the API would refuse. `position` is its place in the list, from 1.
 */
export const backupRuleSchema = createRuleBody.extend({
  id,
  position: z.number().int().min(1).max(MAX_ID),
  created_at: timestamp,
  updated_at: timestamp,
});

/**
 * A member's manual exchange rate (DECISIONS.md #87) with the base currency it was entered in, by
 * the rules PUT /fx-rates holds it to.
 */
export const backupFxRateSchema = z
  .object({
    currency: currencyField(),
    base_currency: currencyField(BASE_CURRENCY_UNKNOWN),
    date: isoDate,
    rate: z
      .string()
      .max(40)
      .superRefine((rate, ctx) => {
        const problem = rateProblem(rate);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
    updated_at: timestamp,
  })
  .refine((row) => row.currency !== row.base_currency, { message: RATE_OF_BASE_CURRENCY, path: ['currency'] });

/**
 * A category of the book's own (migration 0042, DECISIONS.md #98) with its sub-categories: the
 * file's ids, which its transactions, budgets and rules refer to; the default tree's are not listed.
 */
export const backupCategorySchema = z.object({
  id,
  name: text(60).min(1),
  type: z.enum(['income', 'expense']),
  subcategories: z.array(z.object({ id, name: text(60).min(1), emoji: text(16) })).max(1_000),
});

/**
 * An attached file in a backup zip (DECISIONS.md #113): its row, and the zip entry holding its
 * bytes (`attachments/<id>/<file name>`). Absent from JSON-only backups.
 */
export const backupAttachmentSchema = z.object({
  id,
  transaction_id: id,
  file_name: text(255).min(1),
  media_type: z.enum(ATTACHMENT_MEDIA_TYPES),
  size_bytes: z.number().int().min(1).max(100 * 1024 * 1024),
  created_at: timestamp,
  entry: z.string().max(400).regex(/^attachments\/\d{1,10}\/[^/\\]{1,255}$/, 'An attachment entry is named attachments/<id>/<file name>.'),
});

export const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { message: BACKUP_WRONG_VERSION }),
  version: z.literal(BACKUP_VERSION, { message: BACKUP_WRONG_VERSION }),
  exported_at: timestamp,
  accounts: z.array(backupAccountSchema).max(10_000),
  entities: z.array(backupEntitySchema).max(1_000_000),
  transactions: z.array(backupTransactionSchema).max(5_000_000),
  budgets: z.array(backupBudgetSchema).max(10_000),
  income_sources: z.array(backupIncomeSourceSchema).max(10_000),
  goals: z.array(backupGoalSchema).max(10_000),
  /** Absent in files written before issue 16. */
  purpose_targets: backupPurposeTargetsSchema.nullable().optional(),
  month_reflections: z.array(backupReflectionSchema).max(10_000).optional(),
  /** Absent in files written before DECISIONS.md #70. */
  rules: z.array(backupRuleSchema).max(MAX_RULES_PER_USER, TOO_MANY_RULES).optional(),
  /** The book's own categories; absent in files written before them. */
  categories: z.array(backupCategorySchema).max(1_000).optional(),
  /** The book's base currency (DECISIONS.md #87); absent in files written before it, which restore as USD. */
  base_currency: currencyField(BASE_CURRENCY_UNKNOWN).optional(),
  /** Manual exchange rates, one per base currency, currency and day; absent in files written before them. */
  fx_rates: z
    .array(backupFxRateSchema)
    .max(100_000)
    .refine((rows) => new Set(rows.map((row) => `${row.base_currency} ${row.currency} ${row.date}`)).size === rows.length, 'A manual rate is kept once per currency and day; this file lists one twice.')
    .optional(),
  /** Attached files, only in a backup zip (DECISIONS.md #113). */
  attachments: z.array(backupAttachmentSchema).max(BACKUP_ZIP_MAX_ENTRIES - 1).optional(),
});
export type Backup = z.infer<typeof backupSchema>;

/** What a restore wrote, per table. */
export const importBackupResponse = z.object({
  message: z.string(),
  counts: z.object({
    accounts: z.number().int(),
    account_balances: z.number().int(),
    entities: z.number().int(),
    transactions: z.number().int(),
    transaction_splits: z.number().int(),
    budgets: z.number().int(),
    budget_months: z.number().int(),
    income_sources: z.number().int(),
    goals: z.number().int(),
    month_reflections: z.number().int(),
    rules: z.number().int(),
    budget_rollover_changes: z.number().int(),
    fx_rates: z.number().int(),
    categories: z.number().int(),
    /** Absent from answers of servers before the backup zip. */
    attachments: z.number().int().optional(),
  }),
});
export type ImportBackupResponse = z.infer<typeof importBackupResponse>;
