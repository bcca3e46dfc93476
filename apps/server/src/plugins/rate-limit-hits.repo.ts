/** SQL of the shared rate limiter: the counters in `rate_limit_hits` (migration 0009). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Counts one hit on `key` at `now` (ms since the epoch) in ONE upsert that increments and reads
 * back in the same statement, so hits arriving at once from different processes are all counted.
 * A key without a row, or whose window ended, starts a new window of `windowMs` at 1.
 */
export async function countHit(
  db: Kysely<Database>,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; expiresAt: number }> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, count: 1, expires_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        // Both CASEs read the row as it was before this update, so they agree on "expired".
        const expired = eb('rate_limit_hits.expires_at', '<=', now);
        return {
          count: eb.case().when(expired).then(eb.ref('excluded.count')).else(eb('rate_limit_hits.count', '+', 1)).end(),
          expires_at: eb
            .case()
            .when(expired)
            .then(eb.ref('excluded.expires_at'))
            .else(eb.ref('rate_limit_hits.expires_at'))
            .end(),
        };
      }),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), expiresAt: Number(row.expires_at) };
}

/** Deletes the counters whose window ended by `now`. */
export async function deleteExpiredHits(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('expires_at', '<=', now).execute();
}

/**
 * Takes back one hit on `key` from the window that ends at `expiresAt` (a try that turned out
 * right, which a limit on wrong tries does not count). A window that has since been replaced, or
 * a count already at 0, is left as it is.
 */
export async function refundHit(db: Kysely<Database>, key: string, expiresAt: number): Promise<void> {
  await db
    .updateTable('rate_limit_hits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('expires_at', '=', expiresAt)
    .where('count', '>', 0)
    .execute();
}
