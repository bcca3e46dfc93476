/** SQL of payees and payors. */
import type { Kysely } from 'kysely';
import type { EntityRow } from '../../db/ledger-schema';
import { type BookRows, nothingHidden, onlyInHiddenAccounts } from '../../db/private-accounts';
import type { Database } from '../../db/schema';

export type EntityValues = Omit<EntityRow, 'id' | 'book_id' | 'created_at'>;

/** The book's entities in ascending name order (spec §3), less those only other members' private accounts use. */
export function listEntities(db: Kysely<Database>, book: BookRows): Promise<EntityRow[]> {
  let query = db.selectFrom('entities').selectAll().where('book_id', '=', book.bookId);
  if (!nothingHidden(book)) query = query.where((eb) => eb.not(onlyInHiddenAccounts(book, 'entities.id')));
  return query.orderBy('name').orderBy('id').execute();
}

export function findEntity(db: Kysely<Database>, bookId: number, entityId: number): Promise<EntityRow | undefined> {
  return db.selectFrom('entities').selectAll().where('book_id', '=', bookId).where('id', '=', entityId).executeTakeFirst();
}

export function insertEntity(db: Kysely<Database>, bookId: number, values: EntityValues, createdAt: string): Promise<EntityRow> {
  return db
    .insertInto('entities')
    .values({ ...values, book_id: bookId, created_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateEntity(db: Kysely<Database>, bookId: number, entityId: number, values: EntityValues): Promise<EntityRow> {
  return db
    .updateTable('entities')
    .set(values)
    .where('book_id', '=', bookId)
    .where('id', '=', entityId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
