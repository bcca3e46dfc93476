/**
 * Where a session was last used from (issue 36): the client address of its sign-in, then of its
 * latest use (refreshed when `last_used_at` is), so Settings can show each signed-in device's last
 * place beside its last time. It goes with the session: ending the session deletes it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An IPv6 address is at most 45 characters written out.
  await db.schema.alterTable('api_tokens').addColumn('last_address', 'varchar(45)').execute();
}
