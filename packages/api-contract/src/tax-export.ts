/**
 * The tax and warranty export (issue 33; DECISIONS.md #113): GET /export/tax.zip for a date range
 * and chosen sub-categories answers a zip of one CSV (a row per transaction) and the files
 * attached to those transactions.
 */
import { z } from 'zod';
import { MAX_ID, isoDate } from './ledger-common';

/** The longest range one export covers: a tax year with a few years' warranties around it. */
export const TAX_EXPORT_MAX_YEARS = 10;
/** Sub-categories one export may name: more than any book has. */
export const TAX_EXPORT_MAX_CATEGORIES = 500;

export const TAX_EXPORT_MESSAGES = {
  range: 'The start date must be on or before the end date.',
  tooLong: `An export covers at most ${TAX_EXPORT_MAX_YEARS} years; choose a shorter range.`,
  categoriesRequired: 'Choose at least one sub-category to export.',
  categoriesFormat: 'The sub-categories must be a comma-separated list of ids, e.g. 12,15.',
  tooManyCategories: `Choose at most ${TAX_EXPORT_MAX_CATEGORIES} sub-categories.`,
  unknownCategory: 'A chosen sub-category is not one of this book’s.',
} as const;

/** The CSV's columns, in order (the file names are the zip's entries under files/). */
export const TAX_EXPORT_CSV_HEADER = ['Date', 'Payee', 'Amount', 'Currency', 'Sub-category', 'Notes', 'Files'] as const;

const daysFrom = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

export const taxExportQuery = z
  .object({
    from: isoDate,
    to: isoDate,
    /** Comma-separated ids, as a URL carries a list: `12,15,40`. */
    category_ids: z
      .string()
      .min(1, TAX_EXPORT_MESSAGES.categoriesRequired)
      .max(TAX_EXPORT_MAX_CATEGORIES * 11, TAX_EXPORT_MESSAGES.tooManyCategories)
      // A refinement, not .regex(): the API's error answers keep a custom issue's own sentence.
      .refine((value) => /^\d{1,10}(,\d{1,10})*$/.test(value), TAX_EXPORT_MESSAGES.categoriesFormat)
      .transform((value) => [...new Set(value.split(',').map(Number))])
      .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), TAX_EXPORT_MESSAGES.categoriesFormat)
      .refine((ids) => ids.length <= TAX_EXPORT_MAX_CATEGORIES, TAX_EXPORT_MESSAGES.tooManyCategories),
  })
  .superRefine((query, ctx) => {
    if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: TAX_EXPORT_MESSAGES.range });
    else if (daysFrom(query.to) - daysFrom(query.from) > TAX_EXPORT_MAX_YEARS * 366)
      ctx.addIssue({ code: 'custom', path: ['to'], message: TAX_EXPORT_MESSAGES.tooLong });
  });
export type TaxExportQuery = z.input<typeof taxExportQuery>;
