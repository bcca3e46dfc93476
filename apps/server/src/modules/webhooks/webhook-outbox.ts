/**
 * Queues an event for the book's webhooks (DECISIONS.md #94), inside the transaction of the write
 * that caused it: the deliveries commit with the change or not at all, and the sender job sends
 * them after (webhook-delivery.ts). A book without webhooks pays one indexed query per write.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@mindspend/api-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertDeliveries, privateAccountOwners, sendingWebhooks } from './webhooks.repo';

export interface QueuedEvent {
  bookId: number;
  event: WebhookEvent;
  /** The event's own fields: the delivery's `data`. */
  data: Record<string, unknown>;
  /** ISO-8601 UTC: when it happened. */
  now: string;
  /**
   * The account the event is about, if one: an event about an account private to a member goes
   * only to webhooks that member made (DECISIONS.md #84), as the other members never see it.
   */
  accountId?: number | undefined;
}

/** The JSON body every try of a delivery sends, exactly as signed. */
export function deliveryBody(id: string, event: QueuedEvent): string {
  return JSON.stringify({
    id,
    event: event.event,
    created_at: event.now,
    book_id: event.bookId,
    data: event.data,
  });
}

export type SendingWebhook = Awaited<ReturnType<typeof sendingWebhooks>>[number];

/** The book's webhooks that send: read once per write, and none (one indexed query) in most books. */
export function webhooksOfBook(db: Kysely<Database>, bookId: number): Promise<SendingWebhook[]> {
  return sendingWebhooks(db, bookId);
}

/** True when one of `webhooks` wants `event`. */
export function wantedBy(webhooks: readonly SendingWebhook[], event: WebhookEvent): boolean {
  return webhooks.some((webhook) => webhook.events.split(',').includes(event));
}

/**
 * Queues `events`, all of one book, for each of its webhooks that wants them (`webhooks` when the
 * caller has read them already); answers how many deliveries.
 */
export async function queueWebhookEvents(
  db: Kysely<Database>,
  events: readonly QueuedEvent[],
  known?: readonly SendingWebhook[],
): Promise<number> {
  const [first] = events;
  if (!first) return 0;
  const webhooks = known ?? (await sendingWebhooks(db, first.bookId));
  if (webhooks.length === 0) return 0;
  const accountIds = [
    ...new Set(events.flatMap((event) => (event.accountId === undefined ? [] : [event.accountId]))),
  ];
  const privateTo = await privateAccountOwners(db, first.bookId, accountIds);
  const rows = events.flatMap((event) =>
    webhooks
      .filter((webhook) => webhook.events.split(',').includes(event.event))
      .filter((webhook) => {
        const owner = event.accountId === undefined ? undefined : privateTo.get(event.accountId);
        return owner === undefined || webhook.created_by === owner;
      })
      .map((webhook) => ({
        webhook_id: webhook.id,
        book_id: event.bookId,
        event: event.event,
        // The id a receiver de-duplicates by: the same on every try of this delivery.
        payload: deliveryBody(`evt_${randomUUID()}`, event),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: event.now,
        leased_until: null,
        response_status: null,
        error: null,
        created_at: event.now,
        delivered_at: null,
      })),
  );
  await insertDeliveries(db, rows);
  return rows.length;
}
