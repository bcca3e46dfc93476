/** SQL of the webhooks module (migration 0040, DECISIONS.md #94): every query names its book or its delivery. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookRow,
  WebhooksTable,
} from '../../db/webhook-schema';

export function listWebhookRows(db: Kysely<Database>, bookId: number): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('book_id', '=', bookId).orderBy('id').execute();
}

export function findWebhookRow(
  db: Kysely<Database>,
  bookId: number,
  id: number,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countWebhooks(db: Kysely<Database>, bookId: number): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function insertWebhook(db: Kysely<Database>, values: Insertable<WebhooksTable>): Promise<WebhookRow> {
  return db.insertInto('webhooks').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateWebhookRow(
  db: Kysely<Database>,
  bookId: number,
  id: number,
  values: Updateable<WebhooksTable>,
): Promise<void> {
  await db.updateTable('webhooks').set(values).where('book_id', '=', bookId).where('id', '=', id).execute();
}

export async function deleteWebhookRow(db: Kysely<Database>, bookId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The newest delivery of each of the book's webhooks. */
export async function lastDeliveries(db: Kysely<Database>, bookId: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select((inner) => inner.fn.max('id').as('id'))
        .where('book_id', '=', bookId)
        .groupBy('webhook_id'),
    )
    .execute();
}

export function listDeliveryRows(
  db: Kysely<Database>,
  bookId: number,
  webhookId: number,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The book's webhooks that send, with who made each: the outbox's question on every write. */
export function sendingWebhooks(
  db: Kysely<Database>,
  bookId: number,
): Promise<Pick<WebhookRow, 'id' | 'events' | 'created_by'>[]> {
  return db
    .selectFrom('webhooks')
    .select(['id', 'events', 'created_by'])
    .where('book_id', '=', bookId)
    .where('enabled', '=', 1)
    .execute();
}

export async function insertDeliveries(
  db: Kysely<Database>,
  rows: Insertable<WebhookDeliveriesTable>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
}

export type DeliveryToSend = WebhookDeliveryRow &
  Pick<WebhookRow, 'url' | 'secret_sealed' | 'enabled' | 'created_by'>;

export function deliveryToSend(db: Kysely<Database>, id: number): Promise<DeliveryToSend | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .selectAll('d')
    .select(['w.url', 'w.secret_sealed', 'w.enabled', 'w.created_by'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function recordAttempt(
  db: Kysely<Database>,
  id: number,
  values: Updateable<WebhookDeliveriesTable>,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...values, leased_until: null })
    .where('id', '=', id)
    .execute();
}

/** Ends a webhook's waiting deliveries, as when an owner turns it off: they are not sent late. */
export async function endPendingDeliveries(
  db: Kysely<Database>,
  webhookId: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, leased_until: null, error })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}

/** Forgets log lines older than `before`; pending deliveries stay until they end. */
export async function pruneDeliveries(db: Kysely<Database>, before: string): Promise<void> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('status', '!=', 'pending')
    .where('created_at', '<', before)
    .execute();
}

/** Turns a sending webhook off on its own; false when it was already off (another give-up got there first). */
export async function turnOffSending(
  db: Kysely<Database>,
  id: number,
  reason: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ enabled: 0, disabled_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Of `accountIds`, those private to a member, with whom (DECISIONS.md #84). */
export async function privateAccountOwners(
  db: Kysely<Database>,
  bookId: number,
  accountIds: number[],
): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'private_user_id'])
    .where('book_id', '=', bookId)
    .where('id', 'in', accountIds)
    .where('private_user_id', 'is not', null)
    .execute();
  return new Map(
    rows.flatMap((row) => (row.private_user_id === null ? [] : [[row.id, row.private_user_id] as const])),
  );
}
