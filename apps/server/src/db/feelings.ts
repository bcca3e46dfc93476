/**
 * Whose feelings a query reads and writes (issue 25; docs/DECISIONS.md #76). A feeling is one
 * person's: a personal book has one member, whose feelings are the transaction's own columns
 * (`emotion`, `second_feeling`, which the covering indexes of migrations 0022 and 0027 serve);
 * in a shared book each member records their own, a row of `member_feelings` (migration 0030),
 * and the transaction's columns stay empty.
 *
 * A repo that reads feelings takes `Feelings` and uses `first` / `second` wherever it meant
 * `t.emotion` / `t.second_feeling`; a write of a feeling goes through `recordFeeling`. Nothing
 * else decides where a feeling lives.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { BookScope, RequestBook } from './book-scope';
import type { Database } from './schema';

/** One member's feelings in one book, as SQL over the transactions aliased `t`. */
export interface Feelings {
  bookId: number;
  /** The member whose feelings `first` and `second` are. */
  userId: number;
  /** True in a shared book: feelings are rows of `member_feelings`. */
  shared: boolean;
  /** Other members' private accounts (private-accounts.ts): a repo reading feelings hides their rows. */
  hiddenAccountIds: readonly number[];
  /** The member's first feeling about `t`; null when none is recorded. */
  first: RawBuilder<string | null>;
  /** The member's second look at `t`; null when none is recorded. */
  second: RawBuilder<string | null>;
}

const ownColumns = { first: sql<string | null>`t.emotion`, second: sql<string | null>`t.second_feeling` };

/**
 * A member's row, looked up by its primary key for each transaction the query reads: the
 * transaction's own columns stay the rows' source, so a query keeps its shape and its indexes.
 * The member's id is written into the SQL, not bound: PostgreSQL matches a grouped expression to
 * its GROUP BY only when both are the same text, and two bound parameters never are.
 */
function memberColumns(userId: number) {
  if (!Number.isSafeInteger(userId)) throw new Error(`Not a member id: ${userId}`);
  const column = (name: 'emotion' | 'second_feeling') =>
    sql<
      string | null
    >`(select mf.${sql.ref(name)} from member_feelings mf where mf.transaction_id = t.id and mf.user_id = ${sql.lit(userId)})`;
  return { first: column('emotion'), second: column('second_feeling') };
}

/** Whether the book is shared (not someone's personal book); false for a book that is gone. */
export async function isSharedBook(db: Kysely<Database>, bookId: number): Promise<boolean> {
  const row = await db
    .selectFrom('books')
    .select('personal_user_id')
    .where('id', '=', bookId)
    .executeTakeFirst();
  return row !== undefined && row.personal_user_id === null;
}

/**
 * The feelings of `memberId` (the acting person by default) in the scope's book. A request's
 * scope already knows whether its book is personal (a personal book is never shared, so
 * `personal` is true exactly for personal books); any other scope reads it from the book.
 */
export async function feelingsOf(
  db: Kysely<Database>,
  scope: BookScope | RequestBook,
  memberId: number = scope.userId,
): Promise<Feelings> {
  const shared = 'personal' in scope ? !scope.personal : await isSharedBook(db, scope.bookId);
  return {
    bookId: scope.bookId,
    userId: memberId,
    shared,
    hiddenAccountIds: scope.hiddenAccountIds,
    ...(shared ? memberColumns(memberId) : ownColumns),
  };
}

/** A change of a member's feelings about one transaction; a field left out keeps its value. */
export interface FeelingChange {
  first?: string | null;
  second?: string | null;
}

/**
 * Records the member's feelings about transactions of the book (the caller checked they are
 * there). In a personal book they are the transactions' columns; in a shared book the member's
 * own rows, written as one upsert so two of their requests at once (or on two processes) cannot
 * collide.
 */
export async function recordFeeling(
  db: Kysely<Database>,
  feelings: Feelings,
  transactionIds: readonly number[],
  change: FeelingChange,
  now: string,
): Promise<void> {
  if ((change.first === undefined && change.second === undefined) || transactionIds.length === 0) return;
  // The same columns on both tables: what the change names, and when.
  const set = {
    ...(change.first !== undefined && { emotion: change.first }),
    ...(change.second !== undefined && { second_feeling: change.second }),
    updated_at: now,
  };
  if (!feelings.shared) {
    await db
      .updateTable('transactions')
      .set(set)
      .where('book_id', '=', feelings.bookId)
      .where('id', 'in', [...transactionIds])
      .execute();
    return;
  }
  await db
    .insertInto('member_feelings')
    .values(
      transactionIds.map((transactionId) => ({
        book_id: feelings.bookId,
        transaction_id: transactionId,
        user_id: feelings.userId,
        emotion: change.first ?? null,
        second_feeling: change.second ?? null,
        updated_at: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['transaction_id', 'user_id']).doUpdateSet(set))
    .execute();
}

/**
 * Takes every member's second look back from the transactions (one that became income, which has
 * none: DECISIONS.md #44), or, with `all`, every feeling (a leg of a transfer is no purchase).
 */
export async function clearFeelings(
  db: Kysely<Database>,
  bookId: number,
  transactionIds: readonly number[],
  which: 'second' | 'all',
  now: string,
): Promise<void> {
  if (transactionIds.length === 0) return;
  const ids = [...transactionIds];
  await db
    .updateTable('transactions')
    .set({ second_feeling: null, ...(which === 'all' && { emotion: null }), updated_at: now })
    .where('book_id', '=', bookId)
    .where('id', 'in', ids)
    .execute();
  if (which === 'all') {
    await db
      .deleteFrom('member_feelings')
      .where('book_id', '=', bookId)
      .where('transaction_id', 'in', ids)
      .execute();
    return;
  }
  await db
    .updateTable('member_feelings')
    .set({ second_feeling: null, updated_at: now })
    .where('book_id', '=', bookId)
    .where('transaction_id', 'in', ids)
    .where('second_feeling', 'is not', null)
    .execute();
}

/** Deletes a member's feelings in a book they leave or are removed from: theirs, not the book's. */
export async function forgetMemberFeelings(
  db: Kysely<Database>,
  bookId: number,
  userId: number,
): Promise<void> {
  await db
    .deleteFrom('member_feelings')
    .where('book_id', '=', bookId)
    .where('user_id', '=', userId)
    .execute();
}

/** Another member's feelings about one transaction, for the members who share theirs. */
export interface SharedFeeling {
  transaction_id: number;
  user_id: number;
  first_name: string | null;
  emotion: string | null;
  second_feeling: string | null;
}

/**
 * The feelings the other members who share theirs recorded about the given transactions (none in
 * a personal book), in the order the members joined.
 */
export async function sharedFeelingsAbout(
  db: Kysely<Database>,
  feelings: Feelings,
  transactionIds: readonly number[],
): Promise<SharedFeeling[]> {
  if (!feelings.shared || transactionIds.length === 0) return [];
  return db
    .selectFrom('member_feelings as mf')
    .innerJoin('book_members as m', (join) =>
      join.onRef('m.book_id', '=', 'mf.book_id').onRef('m.user_id', '=', 'mf.user_id'),
    )
    .innerJoin('users as u', 'u.id', 'mf.user_id')
    .select(['mf.transaction_id', 'mf.user_id', 'u.first_name', 'mf.emotion', 'mf.second_feeling'])
    .where('mf.book_id', '=', feelings.bookId)
    .where('mf.transaction_id', 'in', [...transactionIds])
    .where('mf.user_id', '!=', feelings.userId)
    .where('m.share_feelings', '=', 1)
    .where((eb) => eb.or([eb('mf.emotion', 'is not', null), eb('mf.second_feeling', 'is not', null)]))
    .orderBy('m.joined_at')
    .orderBy('mf.user_id')
    .execute();
}
