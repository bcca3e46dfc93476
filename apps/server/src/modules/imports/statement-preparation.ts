/**
 * The CPU-heavy part of an import — parsing the file, keying every row for de-duplication and
 * normalizing payees — as one pure function, so it can run in a worker thread (import-thread.ts on
 * SQLite, statement-worker.ts on PostgreSQL) while the server goes on answering requests.
 */
import { type SkippedLine, dedupeKeys, isImportError, normalizePayee, parseStatementFile } from '@mindspend/domain';
import { type PreparedRow, storableRow } from '../ledger-writer/prepared-row';

/** What a statement says besides its rows: the lines it passed over, and investment activity. */
export interface StatementFacts {
  skipped: SkippedLine[];
  /** Trades and dividends of an investment statement (not tracked); null for other statements. */
  untracked: number | null;
}

export type Preparation = ({ ok: true; rows: PreparedRow[] } & StatementFacts) | { ok: false; error: string };

/** Parses and keys a statement; a file the parser refuses becomes `{ ok: false }` naming the line. */
export function prepareStatement(content: string): Preparation {
  try {
    const parsed = parseStatementFile(content);
    const keys = dedupeKeys(parsed.rows.map((row) => ({ ...row, fitId: 'fitId' in row ? row.fitId : null })));
    // Made storable here, before the keys meet the stored ones, so a file whose text had a NUL
    // is still recognized when imported again (domain text.ts).
    const rows = parsed.rows.map((row, index) => {
      const payee = normalizePayee(row.payee);
      return storableRow({ row, key: keys[index] as string, entityName: payee.name, entityShort: payee.nameShort });
    });
    return { ok: true, rows, skipped: parsed.skipped, untracked: parsed.investment?.untracked ?? null };
  } catch (error) {
    if (isImportError(error)) return { ok: false, error: error.message };
    throw error;
  }
}
