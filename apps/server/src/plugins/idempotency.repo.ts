/** SQL of idempotent creates (migration 0045; docs/DECISIONS.md #101). */
import type { Kysely } from 'kysely';
import type { IdempotencyKeyRow } from '../db/idempotency-schema';
import type { Database } from '../db/schema';

/**
 * Claims a person's key for a request: true when this caller inserted it, false when a row with
 * that key was already there (the unique index decides between processes racing it).
 */
export async function claimKey(db: Kysely<Database>, values: { userId: number; key: string; requestHash: string; now: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: values.userId, key: values.key, request_hash: values.requestHash, response_status: null, response_body: null, created_at: values.now })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export function findKey(db: Kysely<Database>, userId: number, key: string): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

export async function saveAnswer(db: Kysely<Database>, userId: number, key: string, status: number, body: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response_status: status, response_body: body }).where('user_id', '=', userId).where('key', '=', key).execute();
}

/** Deletes a claim: its request failed on the server's side and may be sent again. */
export async function releaseKey(db: Kysely<Database>, userId: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
}

/**
 * Deletes a claim still unanswered since before `staleBefore` (its process died mid-request), so
 * the key can be claimed again; true when one was deleted.
 */
export async function releaseAbandoned(db: Kysely<Database>, userId: number, key: string, staleBefore: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('response_status', 'is', null)
    .where('created_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Deletes the answers kept longer than needed, everyone's. */
export async function deleteKeysBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
