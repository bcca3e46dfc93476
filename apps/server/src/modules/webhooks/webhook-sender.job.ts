/**
 * The webhook sender (DECISIONS.md #94), an outbox sender (`lib/outbox-sender-job.ts`): every
 * process looks for due deliveries every few seconds, and at once when a write of its own has
 * queued some (`kick`); the delivery's lease keeps two processes from sending the same one. Once an
 * hour it forgets log lines older than LOG_DAYS.
 */
import { OutboxSenderJob } from '../../lib/outbox-sender-job';
import {
  DELIVERIES_PER_RUN,
  type DeliveryDeps,
  type SendSummary,
  sendDueDeliveries,
} from './webhook-delivery';
import { pruneDeliveries } from './webhooks.repo';

/** How often a process looks for due deliveries (retries, and events queued by other processes). */
export const WEBHOOK_SEND_INTERVAL_MS = 5_000;
/** How long a delivery stays in a webhook's log. */
export const LOG_DAYS = 30;

export class WebhookSenderJob extends OutboxSenderJob<SendSummary> {
  protected readonly keepMs = LOG_DAYS * 86_400_000;

  constructor(private readonly deps: DeliveryDeps) {
    super(deps.logger, deps.clock, {
      firstRunDelayMs: 1_000,
      intervalMs: WEBHOOK_SEND_INTERVAL_MS,
      batchSize: DELIVERIES_PER_RUN,
      failureMessage: 'webhook sender failed',
    });
  }

  protected sendBatch(): Promise<SendSummary> {
    return sendDueDeliveries(this.deps);
  }

  protected prune(before: Date): Promise<void> {
    return pruneDeliveries(this.deps.db, before.toISOString());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender; tests wait on `webhooks.drain()`. */
    webhooks: WebhookSenderJob;
  }
}
