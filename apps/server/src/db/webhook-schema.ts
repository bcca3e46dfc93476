/** Kysely types of outbound webhooks (migration 0040, DECISIONS.md #94). */
import type { Generated, Selectable } from 'kysely';

/** A receiver an owner set up for the book. */
export interface WebhooksTable {
  id: Generated<number>;
  book_id: number;
  /** The member who made it; null once they are deleted (it stays the book's). */
  created_by: number | null;
  url: string;
  /** The event names it wants, comma-separated. */
  events: string;
  /** The signing secret, sealed with the server's key (webhook-secrets.ts): a copy of the database alone cannot sign. */
  secret_sealed: string;
  /** 1 while it sends. */
  enabled: number;
  /** Why it stopped on its own (gave up on a delivery); null otherwise. */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event to one webhook: the outbox row until delivered or given up, then its log line. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  book_id: number;
  event: string;
  /** The exact JSON body sent (and signed) on every try. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When it is next due; null once delivered or failed. */
  next_attempt_at: string | null;
  /** A process sending it holds it until then; another may take it over after. */
  leased_until: string | null;
  response_status: number | null;
  error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
