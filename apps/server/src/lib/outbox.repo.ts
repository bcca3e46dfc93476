/** SQL of outgoing e-mail: the `outbox` table the mailer writes every message to (DECISIONS.md #11). */
import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxTable } from '../db/schema';

/** Stores a message in `db` (a transaction or the database); returns its outbox id. */
export async function insertOutboxMessage(db: Kysely<Database>, values: Insertable<OutboxTable>): Promise<number> {
  const row = await db.insertInto('outbox').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function markOutboxMessageSent(db: Kysely<Database>, outboxId: number, sentAt: string): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: sentAt }).where('id', '=', outboxId).execute();
}
