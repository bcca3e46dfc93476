/** SQL of the category tree (reference data shared by every user). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function listCategories(db: Kysely<Database>, type?: 'income' | 'expense') {
  let query = db.selectFrom('categories').selectAll().orderBy('id');
  if (type) query = query.where('type', '=', type);
  return query.execute();
}

export function listSubcategories(db: Kysely<Database>, type?: 'income' | 'expense') {
  let query = db.selectFrom('subcategories').selectAll().orderBy('id');
  if (type) query = query.where('type', '=', type);
  return query.execute();
}

export function findSubcategories(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('subcategories').selectAll().where('id', 'in', ids).execute();
}
