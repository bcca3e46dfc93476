/**
 * SQL of a transfer's legs that the transaction routes need too: removing one leg removes the
 * whole transfer (docs/DECISIONS.md #48). Kept here so the transfers module can build on the
 * transactions module without the two depending on each other.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Removes the transfer row and both of its legs (their split lines go with them by cascade). */
export async function deleteTransferAndLegs(db: Kysely<Database>, bookId: number, transfer: { id: number; from_transaction_id: number; to_transaction_id: number }): Promise<void> {
  await db
    .deleteFrom('transactions')
    .where('book_id', '=', bookId)
    .where('id', 'in', [transfer.from_transaction_id, transfer.to_transaction_id])
    .execute();
  await db.deleteFrom('transfers').where('book_id', '=', bookId).where('id', '=', transfer.id).execute();
}

/** The transfer a row is a leg of, with both legs' accounts, for removing it whole from the transaction routes. */
export async function transferOfLeg(db: Kysely<Database>, bookId: number, transferId: number) {
  return db
    .selectFrom('transfers as tr')
    .innerJoin('transactions as f', 'f.id', 'tr.from_transaction_id')
    .innerJoin('transactions as t', 't.id', 'tr.to_transaction_id')
    .select(['tr.id', 'tr.from_transaction_id', 'tr.to_transaction_id', 'f.account_id as from_account_id', 't.account_id as to_account_id'])
    .where('tr.book_id', '=', bookId)
    .where('tr.id', '=', transferId)
    .executeTakeFirst();
}
