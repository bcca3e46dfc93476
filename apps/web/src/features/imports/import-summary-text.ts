/**
 * The import summary's sentences, shown on the ledger after an import. Apart from import-state.ts
 * so the ledger's first load does not bring the statement readers that module imports
 * (DECISIONS.md #110).
 */
import type { ImportJob } from './api';

/** 'Read 300 rows: imported 298, skipped 2 duplicates, categorized 250.' */
export function summaryText(job: Pick<ImportJob, 'rows_read' | 'rows_imported' | 'duplicates_skipped' | 'categorized'>): string {
  const rows = (count: number) => `${count} row${count === 1 ? '' : 's'}`;
  return `Read ${rows(job.rows_read)}: imported ${job.rows_imported}, skipped ${job.duplicates_skipped} duplicate${
    job.duplicates_skipped === 1 ? '' : 's'
  }, categorized ${job.categorized}.`;
}

/** '2 lines passed over (no transaction on them)', the skipped list's toggle. */
export function skippedSummary(count: number): string {
  return `${count} line${count === 1 ? '' : 's'} passed over (no transaction on ${count === 1 ? 'it' : 'them'})`;
}
