/**
 * The CPU-heavy part of an import — parsing the file, keying every row for de-duplication and
 * normalizing payees — as one pure function, so it can run in a worker thread (sqlite-import.thread.ts on
 * SQLite, prepare-statement.thread.ts on PostgreSQL) while the server goes on answering requests.
 */
import {
  type CsvMapping,
  type ImportAccount,
  type ImportAnswers,
  type ImportQuestion,
  type SkippedLine,
  type StatementRow,
  currencyRefusal,
  dedupeKeys,
  isImportError,
  isNeedsConfirmation,
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
  /** How the file was read that the person should know (domain ParsedStatement.notes). */
  notes: string[];
}

/** How the person said to read the file: their column mapping, and their answers to its questions. */
export interface StatementReading {
  mapping: CsvMapping | null;
  answers: ImportAnswers;
}

/**
 * A refused file; `columns` when it is a CSV whose columns the person must map, `question` when
 * its evidence disagrees and the person must say how to read it (DECISIONS.md #95).
 */
export type Unreadable = {
  ok: false;
  error: string;
  columns?: string[];
  /** With `columns`: a value of each from the first transaction, and whether the file has a header row. */
  samples?: string[];
  hasHeader?: boolean;
  question?: ImportQuestion;
};

export type Preparation = ({ ok: true; rows: PreparedRow[] } & StatementFacts) | Unreadable;

/** What a job says when the person must map a CSV's columns (the import screen then asks). */
export const NEEDS_MAPPING =
  'Mindspend does not recognise the columns of this file. Choose which column holds the date, the amount and the payee.';

/** The same for a file whose first line is already a transaction (csv-headerless.ts). */
export const NEEDS_MAPPING_HEADERLESS =
  'This file has no header row. Choose which column, by position, holds the date, the amount and the payee.';

/**
 * A row whose key an earlier row of the same file has is the bank listing one transaction twice
 * (the same FITID, date, amount and direction): imported once, and the repeat is listed among the
 * skipped lines with the line it repeats, so no row disappears without a word.
 */
function withoutRepeats(rows: readonly StatementRow[], keys: readonly string[]) {
  const firstLine = new Map<string, number>();
  const kept: Array<{ row: StatementRow; key: string }> = [];
  const repeats: SkippedLine[] = [];
  rows.forEach((row, index) => {
    const key = keys[index] as string;
    const first = firstLine.get(key);
    if (first === undefined) {
      firstLine.set(key, row.line);
      kept.push({ row, key });
    } else {
      repeats.push({ line: row.line, reason: `The same transaction as line ${first} (same bank id, date and amount): imported once.` });
    }
  });
  return { kept, repeats };
}

/**
 * Parses and keys a statement; a file the parser refuses becomes `{ ok: false }` naming the line.
 * With the account it goes to, a file in another currency, or in several, is refused here, before
 * anything is written (DECISIONS.md #91); benches that only time the parsing pass none.
 */
export function prepareStatement(content: string, reading: StatementReading | null = null, account: ImportAccount | null = null): Preparation {
  const mapping = reading?.mapping ?? null;
  try {
    const parsed = parseStatementFile(content, { mapping: mapping ?? undefined, answers: reading?.answers, cardAccount: account?.card });
    const refusal = account === null ? null : currencyRefusal(parsed, account);
    if (refusal !== null) return { ok: false, error: refusal };
    const keys = dedupeKeys(parsed.rows.map((row) => ({ ...row, fitId: 'fitId' in row ? row.fitId : null })));
    const { kept, repeats } = withoutRepeats(parsed.rows, keys);
    // Made storable here, before the keys meet the stored ones, so a file whose text had a NUL
    // is still recognized when imported again (domain text.ts).
    const rows = kept.map(({ row, key }) => {
      const payee = normalizePayee(row.payee);
      return storableRow({ row, key, entityName: payee.name, entityShort: payee.nameShort });
    });
    const skipped = repeats.length === 0 ? parsed.skipped : [...parsed.skipped, ...repeats].sort((a, b) => a.line - b.line);
    const signature = parsed.mappedSignature;
    const remembered = mapping && signature ? { signature, json: JSON.stringify(mapping) } : null;
    return { ok: true, rows, skipped, untracked: parsed.investment?.untracked ?? null, mapping: remembered, notes: parsed.notes };
  } catch (error) {
    if (isNeedsConfirmation(error)) return { ok: false, error: error.message, question: error.question };
    if (isNeedsMapping(error)) {
      const message = error.hasHeader ? NEEDS_MAPPING : NEEDS_MAPPING_HEADERLESS;
      return { ok: false, error: message, columns: error.columns, samples: error.samples, hasHeader: error.hasHeader };
    }
    if (isImportError(error)) return { ok: false, error: error.message };
    throw error;
  }
}
