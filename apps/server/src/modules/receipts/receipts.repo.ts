/** The SQL of receipt reads (migration 0049; DECISIONS.md #108): every query scoped by book. */
import type { RecordedPurchase } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import type { ReceiptReadRow } from '../../db/receipt-schema';
import type { Database } from '../../db/schema';
import { spendingOf } from '../../db/spending';

export interface ReadOutcome {
  status: 'done' | 'failed';
  amountCents: number | null;
  date: string | null;
  dateCandidates: readonly string[];
  merchant: string | null;
  error: string | null;
}

export async function insertReceiptRead(trx: Kysely<Database>, scope: BookScope, createdAt: string): Promise<number> {
  const row = await trx
    .insertInto('receipt_reads')
    .values({ book_id: scope.bookId, user_id: scope.userId, status: 'reading', created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Reads of the book begun before `before`: nobody asks about a receipt a day later. */
export async function deleteOldReceiptReads(trx: Kysely<Database>, scope: BookScope, before: string): Promise<void> {
  await trx.deleteFrom('receipt_reads').where('book_id', '=', scope.bookId).where('created_at', '<', before).execute();
}

/** What the read found; only a read still reading is changed, so a late answer cannot overwrite. */
export async function finishReceiptRead(db: Kysely<Database>, id: number, outcome: ReadOutcome, finishedAt: string): Promise<void> {
  await db
    .updateTable('receipt_reads')
    .set({
      status: outcome.status,
      amount_cents: outcome.amountCents,
      date: outcome.date,
      date_candidates: outcome.dateCandidates.join(','),
      merchant: outcome.merchant,
      error: outcome.error,
      finished_at: finishedAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'reading')
    .execute();
}

/** The person's read in this book, or undefined: another book's or another member's is not there. */
export function findReceiptRead(db: Kysely<Database>, scope: BookScope, id: number): Promise<ReceiptReadRow | undefined> {
  return db
    .selectFrom('receipt_reads')
    .selectAll()
    .where('id', '=', id)
    .where('book_id', '=', scope.bookId)
    .where('user_id', '=', scope.userId)
    .executeTakeFirst();
}

/**
 * The book's spending from `from` to `to` (both included) that the person may see, with the
 * payee's name and the amount in the account's own currency: the one printed on its receipt.
 */
export async function purchasesBetween(db: Kysely<Database>, scope: BookScope, from: string, to: string): Promise<Array<RecordedPurchase & { accountId: number }>> {
  const rows = await spendingOf(db, scope, { from, to })
    .leftJoin('entities as e', 'e.id', 't.entity_id')
    .select(['t.id', 't.account_id', 't.amount_cents', 't.account_amount_cents', 't.date', 't.description', 'e.name as payee'])
    .orderBy('t.date', 'desc')
    .orderBy('t.id', 'desc')
    // A week of a household's spending is far below this; it bounds a pathological book.
    .limit(2000)
    .execute();
  return rows.map((row) => ({
    transactionId: row.id,
    accountId: row.account_id,
    payee: row.payee ?? row.description ?? '',
    amountCents: row.account_amount_cents ?? row.amount_cents,
    date: row.date,
  }));
}
