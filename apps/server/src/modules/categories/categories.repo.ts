/**
 * SQL of the category tree: the shared default tree (`book_id` null) and a book's own categories
 * (migration 0042). Every read names the book, so one book never sees another's categories.
 */
import type { Kysely } from 'kysely';
import { usableByBook } from '../../db/book-categories';
import type { Database } from '../../db/schema';

type CategoryType = 'income' | 'expense';

export function listCategories(db: Kysely<Database>, bookId: number, type?: CategoryType) {
  let query = db
    .selectFrom('categories')
    .selectAll()
    .where(usableByBook(bookId))
    .orderBy('id');
  if (type) query = query.where('type', '=', type);
  return query.execute();
}

export function listSubcategories(db: Kysely<Database>, bookId: number, type?: CategoryType) {
  let query = db
    .selectFrom('subcategories')
    .selectAll()
    .where(usableByBook(bookId))
    .orderBy('id');
  if (type) query = query.where('type', '=', type);
  return query.execute();
}

/** The sub-categories among `ids` that the book may use: shared ones and its own. */
export function findSubcategories(db: Kysely<Database>, bookId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subcategories')
    .selectAll()
    .where('id', 'in', ids)
    .where(usableByBook(bookId))
    .execute();
}

/** The book's own category of this name and type, made if it has none; answers its id. */
export async function ensureBookCategory(db: Kysely<Database>, bookId: number, name: string, type: CategoryType): Promise<number> {
  const found = await db
    .selectFrom('categories')
    .select('id')
    .where('book_id', '=', bookId)
    .where('type', '=', type)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const made = await db.insertInto('categories').values({ book_id: bookId, name, type }).returning('id').executeTakeFirstOrThrow();
  return made.id;
}

/** The book's own sub-category of this name in `categoryId`, made if missing; answers its id. */
export async function ensureBookSubcategory(
  db: Kysely<Database>,
  bookId: number,
  category: { id: number; type: CategoryType },
  name: string,
  emoji: string,
): Promise<number> {
  const found = await db
    .selectFrom('subcategories')
    .select('id')
    .where('book_id', '=', bookId)
    .where('category_id', '=', category.id)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const made = await db
    .insertInto('subcategories')
    .values({ book_id: bookId, category_id: category.id, name, emoji, type: category.type })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}
