/** SQL of redirects to a bank under way (migration 0050, DECISIONS.md #111): states kept hashed, used once. */
import type { Insertable, Kysely } from 'kysely';
import type { BankLinkStatesTable } from '../../db/bank-link-schema';
import type { BookScope } from '../../db/book-scope';
import type { Database } from '../../db/schema';

export async function insertLinkState(db: Kysely<Database>, values: Insertable<BankLinkStatesTable>): Promise<void> {
  await db.insertInto('bank_link_states').values(values).execute();
}

/** Forgets the redirects the person started in this book that were never finished and can no longer be. */
export async function deleteLapsedLinkStates(db: Kysely<Database>, scope: BookScope, now: string): Promise<void> {
  await db
    .deleteFrom('bank_link_states')
    .where('book_id', '=', scope.bookId)
    .where('user_id', '=', scope.userId)
    .where('expires_at', '<=', now)
    .execute();
}

/**
 * Takes the state out of the table and answers it, when it was the scope's member's in the scope's
 * book: a single DELETE, so of two callbacks racing with one state (on two processes) only one gets it.
 */
export function consumeLinkState(db: Kysely<Database>, stateHash: string, scope: BookScope) {
  return db
    .deleteFrom('bank_link_states')
    .where('state_hash', '=', stateHash)
    .where('book_id', '=', scope.bookId)
    .where('user_id', '=', scope.userId)
    .returning(['provider', 'bank_name', 'country', 'expires_at'])
    .executeTakeFirst();
}
