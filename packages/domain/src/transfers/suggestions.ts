/**
 * Transfer suggestions (issue 15, docs/DECISIONS.md #48): after an import or a bank sync, an
 * expense in one account and an income of the same amount in another account of the same user,
 * dated at most three days apart, probably are one transfer seen from both sides. They are only
 * suggested; the user accepts or dismisses each pair.
 */
import type { Cents } from '../money';

/** Days between the two sides, both directions, inclusive. */
export const TRANSFER_MATCH_DAYS = 3;

export interface TransferCandidateRow {
  id: number;
  accountId: number;
  type: 'income' | 'expense';
  amountCents: Cents;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Set when the row already is a leg of a transfer. */
  transferId: number | null;
}

export interface TransferPair {
  /** The expense: money leaving one account. */
  fromId: number;
  /** The income: the same money arriving in another. */
  toId: number;
}

/** Whole days from `a` to `b` (`YYYY-MM-DD`), negative when `b` is earlier. */
export function daysBetween(a: string, b: string): number {
  const parse = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((parse(b) - parse(a)) / 86_400_000);
}

/** Whether the two rows can be one transfer: opposite sides, same amount, different accounts, near dates, neither a leg yet. */
export function canBeTransfer(from: TransferCandidateRow, to: TransferCandidateRow): boolean {
  return (
    from.type === 'expense' &&
    to.type === 'income' &&
    from.amountCents === to.amountCents &&
    from.amountCents > 0 &&
    from.accountId !== to.accountId &&
    from.transferId === null &&
    to.transferId === null &&
    Math.abs(daysBetween(from.date, to.date)) <= TRANSFER_MATCH_DAYS
  );
}

export function pairKey(pair: TransferPair): string {
  return `${pair.fromId}:${pair.toId}`;
}

function byDateThenId(a: TransferCandidateRow, b: TransferCandidateRow): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;
}

/**
 * Pairs the rows into suggested transfers, each row used at most once. Expenses are taken oldest
 * first; each takes the unused income of the same amount in another account nearest in date
 * (the older one on a tie, then the lower id), skipping pairs the user dismissed. The rows are
 * all of one user (the caller's query is scoped by the signed-in user).
 */
export function matchTransfers(rows: readonly TransferCandidateRow[], dismissed: ReadonlySet<string> = new Set()): TransferPair[] {
  const incomesByAmount = new Map<Cents, TransferCandidateRow[]>();
  for (const row of rows) {
    if (row.type !== 'income' || row.transferId !== null) continue;
    const list = incomesByAmount.get(row.amountCents);
    if (list) list.push(row);
    else incomesByAmount.set(row.amountCents, [row]);
  }
  const used = new Set<number>();
  const pairs: TransferPair[] = [];
  const expenses = rows.filter((row) => row.type === 'expense' && row.transferId === null).sort(byDateThenId);
  for (const from of expenses) {
    let best: TransferCandidateRow | null = null;
    let bestGap = Infinity;
    for (const to of incomesByAmount.get(from.amountCents) ?? []) {
      if (used.has(to.id) || !canBeTransfer(from, to) || dismissed.has(pairKey({ fromId: from.id, toId: to.id }))) continue;
      const gap = Math.abs(daysBetween(from.date, to.date));
      if (gap < bestGap || (gap === bestGap && best !== null && byDateThenId(to, best) < 0)) {
        best = to;
        bestGap = gap;
      }
    }
    if (best) {
      used.add(best.id);
      pairs.push({ fromId: from.id, toId: best.id });
    }
  }
  return pairs;
}

/** How far back suggestions look: a year of rows is every statement a person still reconciles. */
export const TRANSFER_SUGGESTION_DAYS = 365;

/** The first date suggestions read rows from, `TRANSFER_SUGGESTION_DAYS` before the user's today (`YYYY-MM-DD`). */
export function transferSuggestionSince(today: string): string {
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) - TRANSFER_SUGGESTION_DAYS)).toISOString().slice(0, 10);
}
