/**
 * SQL of the auth plugin: who a bearer token belongs to. It sits beside the plugin rather than in
 * modules/auth, because every module uses the plugin: a plugin importing a module would tie every
 * module to that one.
 */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';

/** The user holding the token with this SHA-256 (DECISIONS.md #3); none once the token is revoked. */
export function findUserByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
