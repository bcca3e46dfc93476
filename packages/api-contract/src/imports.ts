/**
 * Statement imports on the wire: the job GET /imports/{id} reports (spec §7), and the column
 * mapping an upload may carry for a CSV whose columns Mindspend does not recognise (issue 17).
 */
import { DATE_ORDER_ANSWERS, IMPORT_ANSWERS, SIGN_ANSWERS, MAPPING_DATE_FORMATS, MAPPING_DELIMITERS, type CsvMapping } from '@mindspend/domain';
import { z } from 'zod';
import { text } from './common';

export const importStatusValues = ['queued', 'processing', 'completed', 'failed'] as const;

/** A line of the file that held no transaction, and why (the import screen lists them). */
export const skippedLineSchema = z.object({ line: z.number().int(), reason: z.string() });
export type SkippedLineWire = z.infer<typeof skippedLineSchema>;

/** One row as an answer to the import's question would read it (amounts in the account's currency). */
export const questionPreviewRowSchema = z.object({
  line: z.number().int(),
  date: z.string(),
  payee: z.string(),
  /** Positive; `type` says which way the money moved. */
  amount: z.number(),
  type: z.enum(['expense', 'income']),
});

/**
 * What an import asks when the file's evidence disagrees (DECISIONS.md #95): which way the amounts
 * go, or which way the dates read. Each option previews the rows it is about, read that way.
 */
export const importQuestionSchema = z.object({
  kind: z.enum(['sign', 'date_order']),
  text: z.string(),
  options: z.array(z.object({ value: z.enum(IMPORT_ANSWERS), label: z.string(), preview: z.array(questionPreviewRowSchema) })),
  /** The option Mindspend would pick from the account's type and the bank convention. */
  suggested: z.enum(IMPORT_ANSWERS),
});
export type ImportQuestionWire = z.infer<typeof importQuestionSchema>;

/**
 * The multipart field `confirm` of POST /upload-transactions: the chosen options, comma-separated
 * when the file asked two questions ('day-first,positive-is-expense').
 */
export const importConfirmSchema = z
  .string()
  .max(200, 'Choose one of the offered answers.')
  .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part !== ''))
  .pipe(z.array(z.enum(IMPORT_ANSWERS, { error: `Each answer must be one of ${IMPORT_ANSWERS.join(', ')}.` })).min(1, 'Choose one of the offered answers.'));

/** The answers a job goes on with, as stored with it (domain ImportAnswers). */
export const importAnswersSchema = z.object({ sign: z.enum(SIGN_ANSWERS).optional(), date_order: z.enum(DATE_ORDER_ANSWERS).optional() }).strict();

export const importJobSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  file_name: z.string(),
  status: z.enum(importStatusValues),
  progress: z.number().int(),
  /** Transactions read from the file (lines that hold one). */
  rows_read: z.number().int(),
  rows_imported: z.number().int(),
  /** Transactions already in the account (their own count, not in `skipped`). */
  duplicates_skipped: z.number().int(),
  categorized: z.number().int(),
  /** Lines that held no transaction: balance and total lines, rows without a date or amount… */
  rows_skipped: z.number().int(),
  /** The first 100 of them, in file order. */
  skipped: z.array(skippedLineSchema),
  /** What the file held that Mindspend does not track, said plainly; null when nothing. */
  notice: z.string().nullable(),
  /** True when a CSV's columns were not recognised: upload it again with a `mapping`. */
  needs_mapping: z.boolean(),
  /** The header cells of such a CSV, for the mapping step; [] otherwise. */
  columns: z.array(z.string()),
  /** One value of each of those columns, from the file's first transaction; [] when unknown. */
  column_samples: z.array(z.string()),
  /** False when the CSV has no header row: `columns` are then positions '1', '2', … */
  has_header: z.boolean(),
  /** True when the file's evidence disagrees: upload it again with `confirm` set to an option. */
  needs_confirmation: z.boolean(),
  /** The question to answer when `needs_confirmation`; null otherwise. */
  question: importQuestionSchema.nullable(),
  /** What the person should know about how the file was read (amounts rounded, no transactions…). */
  notes: z.array(z.string()),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJobWire = z.infer<typeof importJobSchema>;

/**
 * A column name is text like any other (issue 28): without NUL or a lone surrogate, which the job
 * and the remembered mapping would otherwise store.
 */
const columnText = (what: string, notText: string) =>
  text(200, {
    notText,
    tooLong: `The ${what} column's name is too long.`,
    notClean: `The ${what} column's name must not contain NUL characters or unpaired surrogates.`,
  }).trim();
const columnName = (what: string) => columnText(what, `Choose the ${what} column.`).min(1, `Choose the ${what} column.`);
const optionalColumn = (what: string) =>
  columnText(what, `The ${what} column must be a column name.`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * The multipart field `mapping` of POST /upload-transactions (JSON): which header cell is the
 * date (and its format), the amount — or debit and credit — the payee, the notes and the currency
 * (each row's ISO 4217 code, which must be the account's: DECISIONS.md #91), the decimal separator
 * and the delimiter (DECISIONS.md #43).
 */
export const columnMappingSchema = z
  .object({
    date: columnName('date'),
    date_format: z.enum(MAPPING_DATE_FORMATS, { error: `The date format must be one of ${MAPPING_DATE_FORMATS.join(', ')}.` }),
    amount: optionalColumn('amount'),
    debit: optionalColumn('debit'),
    credit: optionalColumn('credit'),
    payee: columnName('payee'),
    notes: optionalColumn('notes'),
    currency: optionalColumn('currency'),
    decimal: z.enum(['.', ','], { error: "The decimal separator must be '.' or ','." }),
    delimiter: z.enum(MAPPING_DELIMITERS, { error: "The delimiter must be ',', ';', a tab or '|'." }),
    /** False for a file without a header row: the columns above are 1-based positions. */
    has_header: z.boolean({ error: 'has_header must be true or false.' }).optional(),
  })
  .strict()
  .refine((mapping) => (mapping.amount !== undefined) !== (mapping.debit !== undefined || mapping.credit !== undefined), {
    message: 'Choose either an amount column, or debit and credit columns.',
    path: ['amount'],
  })
  .refine((mapping) => mapping.amount !== undefined || (mapping.debit !== undefined && mapping.credit !== undefined), {
    message: 'Choose both the debit and the credit column.',
    path: ['debit'],
  });
export type ColumnMappingWire = z.infer<typeof columnMappingSchema>;

/** The wire mapping is the domain's (a compile-time check that they stay the same shape). */
export const toCsvMapping = (mapping: ColumnMappingWire): CsvMapping => mapping;
