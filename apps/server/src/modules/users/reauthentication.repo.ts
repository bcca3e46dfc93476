/** SQL of re-authentication: when the session a request came with was signed in. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** `created_at` of the sign-in session with this token hash, or undefined (a personal token, none). */
export async function sessionSignedInAt(db: Kysely<Database>, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('api_tokens').select('created_at').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.created_at;
}
