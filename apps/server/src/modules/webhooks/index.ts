/**
 * What the webhooks module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { type QueuedEvent, queueWebhookEvents, wantedBy, webhooksOfBook } from './webhook-outbox';
export { WebhookSenderJob } from './webhook-sender.job';
export type { BudgetStatusNow, WebhookSeam } from './webhook-seam';
export { type SendOutcome, type WebhookSender, sendWebhook } from './webhook-sender';
// Push nudges post to URLs a browser chose, under the same address rules (DECISIONS.md #103).
export { type AddressPolicy, WEBHOOK_ADDRESS_PRIVATE, refusedUrl } from './webhook-address';
export { addressPolicy } from './webhook-delivery';
export { transactionData } from './webhook-payloads';
