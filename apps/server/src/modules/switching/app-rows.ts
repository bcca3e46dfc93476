/**
 * An export's transactions and transfers as the rows Mindspend stores (DECISIONS.md #98): each
 * with an import key that a second upload of the same export finds again, so every row is
 * brought once. The key is a digest of what the row is (account, date, amount, payee, memo,
 * lines) and how many identical rows came before it in the export: two equal coffees on one day
 * stay two, and the same export uploaded again adds nothing.
 */
import { createHash } from 'node:crypto';
import type { AppCategory, AppExport, AppTransaction, AppTransfer, LeftBehind } from '@mindspend/domain';

export type RowType = 'income' | 'expense';

/** A transaction to write, its lines already checked. */
export interface PlannedTransaction {
  key: string;
  source: AppTransaction;
  type: RowType;
  amountCents: number;
  /** Positive shares, each with its category; empty: the row stays without a category. */
  lines: Array<{ category: AppCategory; amountCents: number }>;
}

export interface PlannedTransfer {
  fromKey: string;
  toKey: string;
  source: AppTransfer;
}

export interface PlannedRows {
  transactions: PlannedTransaction[];
  transfers: PlannedTransfer[];
  /** What the checks of lines added to the export's own list. */
  leftBehind: LeftBehind[];
}

const digest = (parts: ReadonlyArray<string | number | null>) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);

/** Numbers identical fingerprints 0, 1, 2… in the export's order. */
function occurrences(): (fingerprint: string) => string {
  const seen = new Map<string, number>();
  return (fingerprint) => {
    const n = seen.get(fingerprint) ?? 0;
    seen.set(fingerprint, n + 1);
    return `${fingerprint}.${n}`;
  };
}

function plannedLines(transaction: AppTransaction, leftBehind: LeftBehind[]): PlannedTransaction['lines'] {
  const { lines } = transaction;
  const sameWay = lines.every((line) => Math.sign(line.amountCents) === Math.sign(transaction.amountCents));
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  const placed = lines.flatMap((line) => (line.category === null ? [] : [{ category: line.category, amountCents: Math.abs(line.amountCents) }]));
  const categorized = placed.length === lines.length;
  if (lines.length === 0 || (lines.length === 1 && !categorized)) return [];
  if (!sameWay || sum !== transaction.amountCents || !categorized) {
    // Mindspend's split lines all go the transaction's way and each has a sub-category: the row
    // keeps its whole amount, and the person sorts its categories out in the ledger.
    leftBehind.push({
      source: transaction.source,
      reason: !categorized
        ? "its split lines: some have no category. The transaction is brought whole, under 'Needs Category'."
        : sum !== transaction.amountCents
          ? "its split lines: they do not add up to the transaction. The transaction is brought whole, under 'Needs Category'."
          : "its split lines: some are money in and some money out. The transaction is brought whole, under 'Needs Category'.",
    });
    return [];
  }
  return placed;
}

export function planRows(data: AppExport): PlannedRows {
  const leftBehind: LeftBehind[] = [];
  const numbered = occurrences();
  const prefix = `app:${data.app}:`;
  const transactions = data.transactions.map((transaction): PlannedTransaction => {
    const type: RowType = transaction.amountCents < 0 ? 'expense' : 'income';
    const fingerprint = digest([
      'row',
      transaction.account,
      transaction.date,
      transaction.amountCents,
      transaction.payee,
      transaction.memo,
      ...transaction.lines.flatMap((line) => [line.category?.group ?? null, line.category?.name ?? null, line.amountCents]),
    ]);
    return { key: prefix + numbered(fingerprint), source: transaction, type, amountCents: Math.abs(transaction.amountCents), lines: plannedLines(transaction, leftBehind) };
  });
  const transfers = data.transfers.map((transfer): PlannedTransfer => {
    const key = prefix + numbered(digest(['transfer', transfer.from, transfer.to, transfer.date, transfer.amountCents, transfer.toAmountCents, transfer.memo]));
    return { fromKey: `${key}.from`, toKey: `${key}.to`, source: transfer };
  });
  return { transactions, transfers, leftBehind };
}
