/** SQL of the users module. */
import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema';

/** The user with this (already normalized) e-mail, if any. */
export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(db: Kysely<Database>, values: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Updates the user's own row only. */
export function updateUser(db: Kysely<Database>, userId: number, values: UserUpdate): Promise<UserRow> {
  return db.updateTable('users').set(values).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

/**
 * SQLite: copies the write-ahead log into the database file and truncates it, so the pages that
 * held a deleted user's rows before `secure_delete` zeroed them leave the -wal file too. False
 * when a reader kept part of the log (the next checkpoint finishes the job).
 */
export async function checkpointSqliteWal(db: Kysely<Database>): Promise<boolean> {
  const result = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  return result.rows[0]?.busy === 0;
}

/** Deletes the user; foreign keys with ON DELETE CASCADE remove every row they own. */
export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
