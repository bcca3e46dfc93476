/** SQL of a user's rules (migration 0019). */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { RuleRow, RulesTable } from '../../db/rule-schema';
import { type BookRows, hidingPrivate } from '../../db/private-accounts';
import { usableByBook } from '../../db/book-categories';
import type { Database } from '../../db/schema';

/** The user's rules in order. */
export function listRules(db: Kysely<Database>, bookId: number): Promise<RuleRow[]> {
  return db.selectFrom('rules').selectAll().where('book_id', '=', bookId).orderBy('position').orderBy('id').execute();
}

export function findRule(db: Kysely<Database>, bookId: number, ruleId: number): Promise<RuleRow | undefined> {
  return db.selectFrom('rules').selectAll().where('book_id', '=', bookId).where('id', '=', ruleId).executeTakeFirst();
}

/** How many rules the user has, and the position after the last. */
export async function ruleTally(db: Kysely<Database>, bookId: number): Promise<{ count: number; nextPosition: number }> {
  const row = await db
    .selectFrom('rules')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('position').as('last')])
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), nextPosition: Number(row?.last ?? 0) + 1 };
}

export function insertRule(db: Kysely<Database>, values: Insertable<RulesTable>) {
  return db.insertInto('rules').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateRule(db: Kysely<Database>, bookId: number, ruleId: number, values: Updateable<RulesTable>): Promise<void> {
  await db.updateTable('rules').set(values).where('book_id', '=', bookId).where('id', '=', ruleId).execute();
}

export async function deleteRule(db: Kysely<Database>, bookId: number, ruleId: number): Promise<void> {
  await db.deleteFrom('rules').where('book_id', '=', bookId).where('id', '=', ruleId).execute();
}

/** Which of the ids name one of the book's payees. */
export async function ownEntityIds(db: Kysely<Database>, bookId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('entities').select('id').where('book_id', '=', bookId).where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Which of the ids name one of the book's accounts that the member sees. */
export async function ownAccountIds(db: Kysely<Database>, book: BookRows, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 'id'))
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The type of every sub-category the book may use: the shared tree's and its own (migration 0042). */
export async function subcategoryTypes(db: Kysely<Database>, bookId: number): Promise<Map<number, 'income' | 'expense'>> {
  const rows = await db
    .selectFrom('subcategories')
    .select(['id', 'type'])
    .where(usableByBook(bookId))
    .execute();
  return new Map(rows.map((row) => [row.id, row.type]));
}
