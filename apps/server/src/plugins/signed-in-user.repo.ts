/**
 * SQL of the auth plugin: who a bearer token belongs to. It sits beside the plugin rather than in
 * modules/auth, because every module uses the plugin: a plugin importing a module would tie every
 * module to that one.
 */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';

export interface SignedInSession {
  user: UserRow;
  sessionId: number;
  lastUsedAt: string;
}

/**
 * The user holding the token with this SHA-256 (DECISIONS.md #3) and the session it opened; none
 * once the token is revoked or has expired (unused since `idleSince`, or created before
 * `createdSince`: DECISIONS.md #27). One query: it runs on every signed-in request.
 */
export async function findSessionByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
  limits: { idleSince: string; createdSince: string },
): Promise<SignedInSession | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .select(['api_tokens.id as session_id', 'api_tokens.last_used_at as session_last_used_at'])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.last_used_at', '>', limits.idleSince)
    .where('api_tokens.created_at', '>', limits.createdSince)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id: sessionId, session_last_used_at: lastUsedAt, ...user } = row;
  return { user, sessionId, lastUsedAt };
}

/**
 * Records a use of the session. The `last_used_at <` guard makes two racing requests (or two
 * server processes) write it once, and never move it backwards.
 */
export async function touchSession(db: Kysely<Database>, sessionId: number, now: string, touchedBefore: string): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now })
    .where('id', '=', sessionId)
    .where('last_used_at', '<', touchedBefore)
    .execute();
}
