/**
 * Outboxes: tables of work queued in the same transaction as the write that caused it, sent by
 * whichever process leases a row first (webhook deliveries, DECISIONS.md #94; push nudges, #103).
 * Each row is `pending` until it ends, carries when it is next due (`next_attempt_at`) and who
 * holds it until when (`leased_until`). Times are ISO-8601 UTC, which compare as text.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export type OutboxTable = 'webhook_deliveries' | 'push_nudges';

/** Pending rows due at `now` that nobody holds, oldest first. */
export async function dueOutboxIds(
  db: Kysely<Database>,
  table: OutboxTable,
  now: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the row for this process until `until`: one update that succeeds only while it is still
 * pending, due and free, so of processes asking at once exactly one gets it (on PostgreSQL the row
 * lock makes the second update see the first's lease). Due is checked again because another
 * process may have tried it, failed and put it off since this one listed it.
 */
export async function leaseOutboxRow(
  db: Kysely<Database>,
  table: OutboxTable,
  id: number,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ leased_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
