/** SQL of savings goals and the balances of the accounts they track. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { GoalRow, GoalsTable } from '../../db/income-schema';
import type { Database } from '../../db/schema';
import { type BookRows, hidingPrivate, hidingPrivateIfAny } from '../../db/private-accounts';

/**
 * The book's goals the member sees, nearest target date first: a goal that follows another
 * member's private account is theirs (its progress is that account's balance: DECISIONS.md #84).
 */
export function listGoals(db: Kysely<Database>, book: BookRows): Promise<GoalRow[]> {
  return db
    .selectFrom('goals')
    .selectAll()
    .where('book_id', '=', book.bookId)
    .$call(hidingPrivateIfAny(book, 'account_id'))
    .orderBy('target_date')
    .orderBy('id')
    .execute();
}

export function findGoal(db: Kysely<Database>, book: BookRows, goalId: number): Promise<GoalRow | undefined> {
  return db
    .selectFrom('goals')
    .selectAll()
    .where('book_id', '=', book.bookId)
    .$call(hidingPrivateIfAny(book, 'account_id'))
    .where('id', '=', goalId)
    .executeTakeFirst();
}

export function insertGoal(db: Kysely<Database>, values: Insertable<GoalsTable>) {
  return db.insertInto('goals').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateGoal(db: Kysely<Database>, bookId: number, goalId: number, values: Updateable<GoalsTable>) {
  await db.updateTable('goals').set(values).where('book_id', '=', bookId).where('id', '=', goalId).execute();
}

export async function deleteGoal(db: Kysely<Database>, bookId: number, goalId: number): Promise<void> {
  await db.deleteFrom('goals').where('book_id', '=', bookId).where('id', '=', goalId).execute();
}

/** The most recent current balance (latest date, then latest entry) of each given account, in cents. */
export async function latestBalances(db: Kysely<Database>, book: BookRows, accountIds: number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('account_balances')
    .select(['account_id', 'current_balance_cents'])
    .where('book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 'account_id'))
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('date')
    .orderBy('id')
    .execute();
  // Ordered oldest first: the last row of each account wins.
  return new Map(rows.map((row) => [row.account_id, row.current_balance_cents]));
}
