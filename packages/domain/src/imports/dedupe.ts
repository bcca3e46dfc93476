/**
 * Import de-duplication keys. A CSV row has no bank id, so it is known by account (the caller
 * adds it), date, amount, direction and payee key. Two identical coffees on one day are both real:
 * the n-th identical row of a file gets occurrence n, so re-importing the file gives the same keys
 * and an overlapping later export adds only rows whose keys are new. OFX rows use the bank's FITID.
 * Banks do reuse one FITID for different transactions (an Ally QFX gives a -55.00 transfer and a
 * -1000.00 check the same one): a row whose FITID an earlier row of the file has, with another
 * date, amount or direction, is a transaction of its own and its key says what tells it apart.
 */
import type { TransactionType } from '../ledger/transactions';
import { payeeKey } from './payee';

export interface DedupeRow {
  date: string;
  amountCents: number;
  type: TransactionType;
  payee: string;
  /** The text to key by instead of `payee` (StatementRow.keyPayee). */
  keyPayee?: string | undefined;
  fitId?: string | null;
}

/** The identity of a CSV row before counting repeats: date|amountCents|type|payeeKey. */
export function dedupeKey(row: DedupeRow): string {
  return `${row.date}|${row.amountCents}|${row.type}|${payeeKey(row.keyPayee ?? row.payee)}`;
}

/** Suffixes each key with its occurrence number within the list: k|1, k|2 for a repeated k. */
export function countOccurrences(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}|${n}`;
  });
}

/**
 * The de-duplication key of every row of one file, in order: `fitid|<FITID>` when the bank gave
 * one, otherwise the counted dedupeKey. Store it with the account to find rows already imported.
 */
export function dedupeKeys(rows: readonly DedupeRow[]): string[] {
  const counted = countOccurrences(rows.map((row) => (row.fitId ? '' : dedupeKey(row))));
  // The first row of each FITID keeps the plain key, as every earlier import stored it.
  const firstOfFitId = new Map<string, DedupeRow>();
  return rows.map((row, index) => {
    if (!row.fitId) return counted[index] as string;
    const first = firstOfFitId.get(row.fitId);
    if (first === undefined) firstOfFitId.set(row.fitId, row);
    const sameAsFirst = first === undefined || (first.date === row.date && first.amountCents === row.amountCents && first.type === row.type);
    return sameAsFirst ? `fitid|${row.fitId}` : `fitid|${row.fitId}|${row.date}|${row.amountCents}|${row.type}`;
  });
}
