/** SQL of the sessions list: a user's sign-in tokens (api_tokens rows), never their hashes. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface SessionRow {
  id: number;
  device: string;
  created_at: string;
  last_used_at: string;
  last_address: string | null;
}

/** The user's unexpired sessions, most recently used first. */
export function listSessions(
  db: Kysely<Database>,
  userId: number,
  limits: { idleSince: string; createdSince: string },
): Promise<SessionRow[]> {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'device', 'created_at', 'last_used_at', 'last_address'])
    .where('user_id', '=', userId)
    .where('last_used_at', '>', limits.idleSince)
    .where('created_at', '>', limits.createdSince)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one of the user's sessions; false when the user has none with this id. */
export async function deleteSessionOfUser(db: Kysely<Database>, userId: number, sessionId: number): Promise<boolean> {
  const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).where('id', '=', sessionId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the user but one; expired rows are swept too. */
export async function deleteOtherSessions(db: Kysely<Database>, userId: number, keepId: number): Promise<void> {
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).where('id', '!=', keepId).execute();
}

/** Ends these sessions of the user, never `keepId` (the caller's own); how many ended. */
export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number, sessionIds: readonly number[], keepId: number): Promise<number> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('id', 'in', [...sessionIds])
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
