/**
 * SQL of the personal-token half of the auth plugin (DECISIONS.md #39): whose token this is, in
 * one query, and when it was last used. Beside signed-in-user.repo.ts for the same reason.
 */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import type { PersonalTokenScope } from '../db/personal-token-schema';

export interface PersonalTokenHolder {
  user: UserRow;
  token: { id: number; scope: PersonalTokenScope; lastUsedAt: string | null };
}

/** The user holding the personal token with this SHA-256, and the token's scope; none once revoked. */
export async function findUserByPersonalTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<PersonalTokenHolder | undefined> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .innerJoin('users', 'users.id', 'personal_access_tokens.user_id')
    .selectAll('users')
    .select([
      'personal_access_tokens.id as personal_token_id',
      'personal_access_tokens.scope as personal_token_scope',
      'personal_access_tokens.last_used_at as personal_token_last_used_at',
    ])
    // Found by a scalar subquery, as the sign-in lookup is: a join on the bound hash is compiled
    // again on every run once SQLite has sample statistics (docs/DECISIONS.md #72).
    .where('personal_access_tokens.id', '=', (eb) =>
      eb.selectFrom('personal_access_tokens as held').select('held.id').where('held.token_hash', '=', tokenHash),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    personal_token_id: id,
    personal_token_scope: scope,
    personal_token_last_used_at: lastUsedAt,
    ...user
  } = row;
  return { user, token: { id, scope, lastUsedAt } };
}

/**
 * Records a use of the token unless one was recorded since `staleBefore`. The condition is in the
 * update, so racing requests on several processes write it once.
 */
export async function touchPersonalToken(
  db: Kysely<Database>,
  tokenId: number,
  now: string,
  staleBefore: string,
): Promise<void> {
  await db
    .updateTable('personal_access_tokens')
    .set({ last_used_at: now })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}
