/** SQL of payees and payors. */
import type { Kysely } from 'kysely';
import type { EntityRow } from '../../db/ledger-schema';
import type { Database } from '../../db/schema';

export type EntityValues = Omit<EntityRow, 'id' | 'user_id' | 'created_at'>;

/** The user's entities in ascending name order (spec §3). */
export function listEntities(db: Kysely<Database>, userId: number): Promise<EntityRow[]> {
  return db.selectFrom('entities').selectAll().where('user_id', '=', userId).orderBy('name').orderBy('id').execute();
}

export function findEntity(db: Kysely<Database>, userId: number, entityId: number): Promise<EntityRow | undefined> {
  return db.selectFrom('entities').selectAll().where('user_id', '=', userId).where('id', '=', entityId).executeTakeFirst();
}

export function insertEntity(db: Kysely<Database>, userId: number, values: EntityValues, createdAt: string): Promise<EntityRow> {
  return db
    .insertInto('entities')
    .values({ ...values, user_id: userId, created_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateEntity(db: Kysely<Database>, userId: number, entityId: number, values: EntityValues): Promise<EntityRow> {
  return db
    .updateTable('entities')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', entityId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
