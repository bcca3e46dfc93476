/**
 * Transfer suggestions (issue 15, docs/DECISIONS.md #48): pairs of an expense and an income of the
 * same amount in two of the user's accounts within three days, where at least one side came from
 * an import or a bank sync. They are matched on read, never merged silently: accepting turns the
 * two rows into the legs of one transfer, dismissing remembers the pair so it is not offered again.
 */
import type { Transfer, TransferSuggestion, TransferSuggestionBody } from '@mindspend/api-contract';
import {
  type TransferCandidateRow,
  canBeTransfer,
  fromCents,
  isoDate,
  localDateIn,
  matchTransfers,
  transferSuggestionSince,
} from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { candidateRows, clearSpendingDetails, dismissedPairs, findCandidate, insertDismissal, linkTransfer, suggestionSides } from './transfers.repo';
import { presentTransfer, requireTransfer } from './transfers.service';

/** Most suggestions listed at once; accepting or dismissing some brings the next ones. */
const MAX_SUGGESTIONS = 50;

export const ALREADY_A_TRANSFER = 'One of these transactions is already part of a transfer.';
export const NOT_A_POSSIBLE_TRANSFER =
  'These two transactions cannot be one transfer: it needs money leaving one account and the same amount arriving in another within 3 days.';

function candidate(row: { id: number; account_id: number; type: 'income' | 'expense'; amount_cents: number; date: string; transfer_id: number | null }): TransferCandidateRow {
  return { id: row.id, accountId: row.account_id, type: row.type, amountCents: Number(row.amount_cents), date: row.date, transferId: row.transfer_id };
}

/** The suggestions open for the user now, oldest first. */
export async function listTransferSuggestions(deps: AppDeps, scope: BookScope): Promise<TransferSuggestion[]> {
  const since = transferSuggestionSince(isoDate(localDateIn(scope.timeZone, deps.clock.now())));
  const [rows, dismissed] = await Promise.all([candidateRows(deps.db, scope, since), dismissedPairs(deps.db, scope.bookId)]);
  const imported = new Set(rows.filter((row) => row.import_key !== null).map((row) => row.id));
  const pairs = matchTransfers(rows.map(candidate), dismissed)
    .filter((pair) => imported.has(pair.fromId) || imported.has(pair.toId))
    .slice(0, MAX_SUGGESTIONS);
  const sides = new Map(
    (await suggestionSides(deps.db, scope, pairs.flatMap((pair) => [pair.fromId, pair.toId]))).map((side) => [side.id, side]),
  );
  return pairs.flatMap((pair) => {
    const from = sides.get(pair.fromId);
    const to = sides.get(pair.toId);
    if (!from || !to) return [];
    const side = (row: typeof from) => ({
      transaction_id: row.id,
      account_id: row.account_id,
      account_name: row.account_name,
      date: row.date,
      payee: row.payee,
      description: row.description,
    });
    return [{ amount: fromCents(Number(from.amount_cents)), from: side(from), to: side(to) }];
  });
}

/** Both rows of a pair, the user's (404 otherwise). */
async function requirePair(trx: Kysely<Database>, scope: BookScope, body: TransferSuggestionBody) {
  const [from, to] = await Promise.all([
    findCandidate(trx, scope, body.from_transaction_id),
    findCandidate(trx, scope, body.to_transaction_id),
  ]);
  if (!from || !to) throw notFound('Transaction');
  return { from: candidate(from), to: candidate(to) };
}

/**
 * Turns the two rows into the legs of one transfer, under the book's lock: the same suggestion
 * accepted twice at once (two tabs, two processes) makes one transfer and answers the other 422.
 */
export function acceptTransferSuggestion(deps: AppDeps, scope: BookScope, body: TransferSuggestionBody): Promise<Transfer> {
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    const { from, to } = await requirePair(trx, scope, body);
    if (from.transferId !== null || to.transferId !== null) throw validationFailed({ from_transaction_id: [ALREADY_A_TRANSFER] });
    if (!canBeTransfer(from, to)) throw validationFailed({ from_transaction_id: [NOT_A_POSSIBLE_TRANSFER] });
    const ids = [from.id, to.id];
    await clearSpendingDetails(trx, scope.bookId, ids, now);
    const id = await linkTransfer(trx, scope.bookId, { fromTransactionId: from.id, toTransactionId: to.id }, now);
    return presentTransfer(await requireTransfer(trx, scope, id));
  });
}

/** Remembers that the pair is not a transfer, so it is not suggested again. */
export async function dismissTransferSuggestion(deps: AppDeps, scope: BookScope, body: TransferSuggestionBody): Promise<void> {
  const now = isoNow(deps.clock);
  await writeInBook(deps, scope, async (trx) => {
    await requirePair(trx, scope, body);
    await insertDismissal(trx, scope.bookId, body.from_transaction_id, body.to_transaction_id, now);
  });
}
