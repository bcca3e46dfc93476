/**
 * The CPU-heavy part of an import — parsing the file, keying every row for de-duplication and
 * normalizing payees — as one pure function, so it can run in a worker thread (sqlite-import.thread.ts on
 * SQLite, prepare-statement.thread.ts on PostgreSQL) while the server goes on answering requests.
 */
import {
  type CsvMapping,
  type ImportAccount,
  type SkippedLine,
  currencyRefusal,
  dedupeKeys,
  isImportError,
  isNeedsMapping,
  normalizePayee,
  parseStatementFile,
  type PreparedRow,
  storableRow,
} from '@mindspend/domain';

/** What a statement says besides its rows: the lines it passed over, and investment activity. */
export interface StatementFacts {
  skipped: SkippedLine[];
  /** Trades and dividends of an investment statement (not tracked); null for other statements. */
  untracked: number | null;
  /** A CSV read through the person's mapping: remembered for the account once it imports. */
  mapping: { signature: string; json: string } | null;
}

/** A refused file; `columns` when it is a CSV whose columns the person must map. */
export type Unreadable = { ok: false; error: string; columns?: string[] };

export type Preparation = ({ ok: true; rows: PreparedRow[] } & StatementFacts) | Unreadable;

/** What a job says when the person must map a CSV's columns (the import screen then asks). */
export const NEEDS_MAPPING =
  'Mindspend does not recognise the columns of this file. Choose which column holds the date, the amount and the payee.';

/**
 * Parses and keys a statement; a file the parser refuses becomes `{ ok: false }` naming the line.
 * With the account it goes to, a file in another currency, or in several, is refused here, before
 * anything is written (DECISIONS.md #91); benches that only time the parsing pass none.
 */
export function prepareStatement(content: string, mapping: CsvMapping | null = null, account: ImportAccount | null = null): Preparation {
  try {
    const parsed = parseStatementFile(content, mapping ? { mapping } : {});
    const refusal = account === null ? null : currencyRefusal(parsed, account);
    if (refusal !== null) return { ok: false, error: refusal };
    const keys = dedupeKeys(parsed.rows.map((row) => ({ ...row, fitId: 'fitId' in row ? row.fitId : null })));
    // Made storable here, before the keys meet the stored ones, so a file whose text had a NUL
    // is still recognized when imported again (domain text.ts).
    const rows = parsed.rows.map((row, index) => {
      const payee = normalizePayee(row.payee);
      return storableRow({ row, key: keys[index] as string, entityName: payee.name, entityShort: payee.nameShort });
    });
    const signature = parsed.mappedSignature;
    const remembered = mapping && signature ? { signature, json: JSON.stringify(mapping) } : null;
    return { ok: true, rows, skipped: parsed.skipped, untracked: parsed.investment?.untracked ?? null, mapping: remembered };
  } catch (error) {
    if (isNeedsMapping(error)) return { ok: false, error: NEEDS_MAPPING, columns: error.columns };
    if (isImportError(error)) return { ok: false, error: error.message };
    throw error;
  }
}
