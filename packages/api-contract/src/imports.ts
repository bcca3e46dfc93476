/**
 * Statement imports on the wire: the job GET /imports/{id} reports (spec §7), and the column
 * mapping an upload may carry for a CSV whose columns Mindspend does not recognise (issue 17).
 */
import { z } from 'zod';

export const importStatusValues = ['queued', 'processing', 'completed', 'failed'] as const;

/** A line of the file that held no transaction, and why (the import screen lists them). */
export const skippedLineSchema = z.object({ line: z.number().int(), reason: z.string() });
export type SkippedLineWire = z.infer<typeof skippedLineSchema>;

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
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJobWire = z.infer<typeof importJobSchema>;
