/** SQL of payees and payors. */
import type { Kysely } from 'kysely';
import type { EntityRow } from '../../db/ledger-schema';
import type { Database } from '../../db/schema';

export type EntityValues = Omit<EntityRow, 'id' | 'book_id' | 'created_at'>;

/** The user's entities in ascending name order (spec §3). */
export function listEntities(db: Kysely<Database>, bookId: number): Promise<EntityRow[]> {
  return db.selectFrom('entities').selectAll().where('book_id', '=', bookId).orderBy('name').orderBy('id').execute();
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
