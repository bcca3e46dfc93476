/**
 * Actual's transaction rows as Mindspend's transactions and transfers. Actual keeps a split as a
 * parent row with child rows (the lines), and a transfer as two rows, one per account, each naming
 * the other in `transferred_id`; deleted rows stay in the file with `tombstone = 1`. Every live
 * row ends up once: in a transaction, a transfer, or left behind with the reason.
 */
import type { AppLine, AppTransaction, AppTransfer, LeftBehind } from '@mindspend/domain';
import type { ActualTransactionRow } from './actual-export-db';
import type { ActualNames } from './actual-export-names';

export interface ActualMoves {
  transactions: AppTransaction[];
  transfers: AppTransfer[];
  leftBehind: LeftBehind[];
}

/** 'YYYY-MM-DD' of Actual's YYYYMMDD date, or null when it is no calendar day. */
export function actualDate(date: number | null): string | null {
  if (date === null || date < 10_000_101 || date > 99_991_231) return null;
  const [year, month, day] = [Math.floor(date / 10_000), Math.floor(date / 100) % 100, date % 100];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Cents as the person reads them in a message: -1234 → "-12.34". */
const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const memo = (notes: string | null) => (notes?.trim() ? notes.trim() : null);

export function actualMoves(rows: ActualTransactionRow[], names: ActualNames): ActualMoves {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<string, ActualTransactionRow[]>();
  for (const row of rows) {
    if (!row.isChild || row.tombstone || row.parentId === null) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  }
  /** A row Actual shows: not deleted, and a split line only while its split is not deleted either. */
  const live = (row: ActualTransactionRow | undefined): row is ActualTransactionRow => {
    if (row === undefined || row.tombstone) return false;
    if (!row.isChild) return true;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    return parent !== undefined && !parent.tombstone;
  };

  const moves: ActualMoves = { transactions: [], transfers: [], leftBehind: [] };
  const paired = new Set<string>();
  const leave = (row: ActualTransactionRow, reason: string) =>
    moves.leftBehind.push({ source: describe(row, names), reason });

  for (const row of rows) {
    if (row.tombstone || paired.has(row.id)) continue;
    if (row.isChild) {
      // A line is read with its split; one whose split is gone Actual no longer shows either.
      const parent = row.parentId === null ? undefined : byId.get(row.parentId);
      if (parent === undefined) leave(row, 'a split line whose split is missing from the export');
      continue;
    }
    const account = names.account(row.acct);
    const date = actualDate(row.date);
    if (account === null)
      leave(
        row,
        names.deletedAccount(row.acct)
          ? 'its account was deleted in Actual'
          : 'its account is missing from the export',
      );
    else if (date === null) leave(row, 'an unreadable date');
    else if (row.amount === null) leave(row, 'an unreadable amount');
    else if (children.has(row.id)) readSplit(row, account, date, children.get(row.id) ?? []);
    else if (row.transferredId !== null && !row.startingBalance)
      readTransfer(row, account, date, row.amount, row.transferredId);
    else readSingle(row, account, date, row.amount, names.payee(row.payee));
  }
  return moves;

  function readSingle(
    row: ActualTransactionRow,
    account: string,
    date: string,
    amount: number,
    payee: string | null,
  ) {
    if (amount === 0) return leave(row, 'a zero amount');
    const category = names.category(row.category);
    const lines: AppLine[] = category === null ? [] : [{ category, amountCents: amount, memo: null }];
    moves.transactions.push(
      row.startingBalance
        ? {
            source: `transaction ${row.id}`,
            account,
            date,
            payee: 'Starting Balance',
            amountCents: amount,
            memo: 'Starting balance',
            lines,
          }
        : {
            source: `transaction ${row.id}`,
            account,
            date,
            payee,
            amountCents: amount,
            memo: memo(row.notes),
            lines,
          },
    );
  }

  function readSplit(
    parent: ActualTransactionRow,
    account: string,
    date: string,
    lines: ActualTransactionRow[],
  ) {
    if (lines.some((line) => line.amount === null))
      return leave(parent, 'a split with a line of unreadable amount');
    const appLines: AppLine[] = lines
      .filter((line) => line.amount !== 0)
      // A line that is a transfer carries no category; its other account gets the other half.
      .map((line) => ({
        category: line.transferredId === null ? names.category(line.category) : null,
        amountCents: line.amount ?? 0,
        memo: memo(line.notes),
      }));
    const total = appLines.reduce((sum, line) => sum + line.amountCents, 0);
    if (total === 0) return leave(parent, 'a zero amount');
    if (total !== parent.amount) {
      moves.leftBehind.push({
        source: describe(parent, names),
        reason: `the split's total ${money(parent.amount ?? 0)} differs from its lines' sum ${money(total)}; the lines were brought`,
      });
    }
    moves.transactions.push({
      source: `transaction ${parent.id}`,
      account,
      date,
      payee: names.payee(parent.payee),
      amountCents: total,
      memo: memo(parent.notes),
      lines: appLines,
    });
  }

  function readTransfer(
    row: ActualTransactionRow,
    account: string,
    date: string,
    amount: number,
    otherId: string,
  ) {
    const other = byId.get(otherId);
    if (other === undefined) return leave(row, 'a transfer whose other half is missing from the export');
    if (!live(other)) return leave(row, 'a transfer whose other half was deleted in Actual');
    // The other half is a line of a split: that split brings it, so this half stands alone.
    if (other.isChild) return readSingle(row, account, date, amount, names.payee(row.payee));
    const otherAccount = names.account(other.acct);
    if (otherAccount === null) return leave(row, 'a transfer with an account deleted in Actual');
    if (other.transferredId !== row.id)
      return leave(row, 'a transfer whose other half belongs to another transfer');
    paired.add(other.id);
    if (other.amount === null) return leave(row, 'a transfer whose other half has an unreadable amount');
    if (amount === 0 && other.amount === 0) return leave(row, 'a zero amount');
    if (otherAccount === account || Math.sign(amount) === Math.sign(other.amount))
      return leave(row, 'a transfer whose two halves do not match');
    const [out, into, from, to] =
      amount < 0 ? [row, other, account, otherAccount] : [other, row, otherAccount, account];
    moves.transfers.push({
      source: `transfer ${out.id}`,
      from,
      to,
      date: actualDate(out.date) ?? date,
      amountCents: -(out.amount ?? 0),
      toAmountCents: into.amount ?? 0,
      memo: memo(out.notes) ?? memo(into.notes),
    });
  }
}

/** How a row is named in the summary of what was left behind: its account, date, amount and Actual's id. */
function describe(row: ActualTransactionRow, names: ActualNames): string {
  const facts = [
    names.account(row.acct),
    actualDate(row.date),
    row.amount === null ? null : money(row.amount),
  ].filter((fact) => fact !== null);
  return `transaction ${row.id}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
}
