/**
 * Outbound webhooks (issue 35; DECISIONS.md #94): an owner of a book names a URL and the events it
 * wants; each delivery is signed with the webhook's secret, retried for a day, and logged.
 */
import { z } from 'zod';
import { text } from './common';

export const WEBHOOK_EVENTS = [
  'transaction.created',
  'transaction.updated',
  'transaction.deleted',
  'import.completed',
  'budget.status_changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Enough for every integration a household runs; more usually means webhooks created and forgotten. */
export const MAX_WEBHOOKS_PER_BOOK = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the URL the events should be sent to.',
  urlInvalid: 'Enter a full URL, such as https://example.com/hooks/mindspend.',
  eventsRequired: 'Choose at least one event to send.',
  secretLength: `The secret must be ${WEBHOOK_SECRET_MIN} to ${WEBHOOK_SECRET_MAX} characters; leave it empty and one is made for you.`,
} as const;

/** A URL the WHATWG parser reads, with an http or https scheme. */
const httpUrl = z.url({ protocol: /^https?$/ });

const webhookUrl = text(WEBHOOK_URL_MAX)
  .trim()
  // An empty URL is only that: not also "not a full URL".
  .min(1, { message: WEBHOOK_MESSAGES.urlRequired, abort: true })
  .refine((value) => httpUrl.safeParse(value).success, WEBHOOK_MESSAGES.urlInvalid);

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const createWebhookBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  /** The HMAC key the receiver checks signatures with; made here when left out, shown once. */
  secret: text(WEBHOOK_SECRET_MAX)
    .min(WEBHOOK_SECRET_MIN, WEBHOOK_MESSAGES.secretLength)
    .optional(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/** What an owner may change: the address, the events, and whether it sends (turning it back on after it gave up). */
export const updateWebhookBody = z
  .object({ url: webhookUrl.optional(), events: webhookEvents.optional(), enabled: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, 'Send url, events or enabled.');
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it stopped sending, when it did on its own; null while enabled or when an owner turned it off. */
  disabled_reason: z.string().nullable(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
  /** The last delivery's outcome, or null before the first. */
  last_delivery: z
    .object({ status: z.enum(['pending', 'delivered', 'failed']), created_at: z.string(), response_status: z.number().int().nullable() })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhooksResponse = z.object({ webhooks: z.array(webhookSchema) });

/** The one answer that carries the secret; later answers never show it again. */
export const createdWebhookResponse = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookResponse>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.enum(WEBHOOK_EVENTS),
  /** pending: not yet answered with 2xx and still being tried; failed: gave up after a day. */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, or null when it never answered. */
  response_status: z.number().int().nullable(),
  /** Why the last attempt failed (a timeout, a refused address), or null. */
  error: z.string().nullable(),
  created_at: z.string(),
  /** When it was answered with 2xx, or null. */
  delivered_at: z.string().nullable(),
  /** When it is tried next, or null when it is not. */
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliverySchema) });
