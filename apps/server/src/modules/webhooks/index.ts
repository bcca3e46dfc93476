/**
 * What the webhooks module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { type QueuedEvent, queueWebhookEvents, wantedBy, webhooksOfBook } from './webhook-outbox';
export { WebhookSenderJob } from './webhook-sender.job';
export type { BudgetStatusNow, WebhookSeam } from './webhook-seam';
export { sendWebhook } from './webhook-sender';
export { transactionData } from './webhook-payloads';
