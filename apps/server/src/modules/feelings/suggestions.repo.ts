/** SQL of the suggested feeling and purpose: a payee's or a sub-category's recent expenses by feeling and purpose. */
import type { Kysely } from 'kysely';
import type { Feelings } from '../../db/feelings';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';

/** Whose history (db/feelings.ts): a member's own feelings suggest theirs. */
export type HistoryScope = { bookId: number; since: string; feelings: Feelings } & ({ entityId: number } | { subcategoryId: number });

/** Counts of the book's expenses since a date per feeling and purpose, with the latest date of each. */
export async function historyCells(db: Kysely<Database>, scope: HistoryScope) {
  let query = spendingOf(db, scope.feelings, { from: scope.since })
    .select((eb) => [scope.feelings.first.as('emotion'), 't.purpose', eb.fn.countAll<number>().as('n'), eb.fn.max('t.date').as('latest')])
    .groupBy([scope.feelings.first, 't.purpose']);
  if ('entityId' in scope) query = query.where('t.entity_id', '=', scope.entityId);
  else {
    const subcategoryId = scope.subcategoryId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('transaction_splits as s')
          .select('s.id')
          .whereRef('s.transaction_id', '=', 't.id')
          .where('s.book_id', '=', scope.bookId)
          .where('s.subcategory_id', '=', subcategoryId),
      ),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => ({ feeling: row.emotion, purpose: row.purpose, count: Number(row.n), latest: String(row.latest) }));
}
