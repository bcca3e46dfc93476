/** SQL of personal access tokens (DECISIONS.md #39): every query scoped by the owner. */
import type { Kysely } from 'kysely';
import type { PersonalTokenRow, PersonalTokenScope } from '../../db/personal-token-schema';
import type { Database } from '../../db/schema';

export async function insertPersonalToken(
  db: Kysely<Database>,
  values: { userId: number; name: string; scope: PersonalTokenScope; tokenHash: string; createdAt: string },
): Promise<PersonalTokenRow> {
  return db
    .insertInto('personal_access_tokens')
    .values({
      user_id: values.userId,
      name: values.name,
      scope: values.scope,
      token_hash: values.tokenHash,
      created_at: values.createdAt,
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's tokens, newest first. */
export function listPersonalTokens(db: Kysely<Database>, userId: number): Promise<PersonalTokenRow[]> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes the user's token with this id; false when there is none (or it is someone else's). */
export async function deletePersonalToken(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countPersonalTokens(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Revokes every token of the user: a password reset and "sign out everywhere" are what a person
 * does after a theft, and a token the thief created must not outlive them (DECISIONS.md #75).
 */
export async function deletePersonalTokensOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('personal_access_tokens').where('user_id', '=', userId).execute();
}
