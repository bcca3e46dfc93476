/**
 * The webhook sender (DECISIONS.md #94): every process looks for due deliveries every few seconds,
 * and at once when a write of its own has queued some (`kick`); the delivery's lease, not the
 * timer, keeps two processes from sending the same one. Once an hour it forgets log lines older
 * than LOG_DAYS.
 */
import { PeriodicJob } from '../../lib/periodic-job';
import { DELIVERIES_PER_RUN, type DeliveryDeps, type SendSummary, sendDueDeliveries } from './webhook-delivery';
import { pruneDeliveries } from './webhooks.repo';

/** How often a process looks for due deliveries (retries, and events queued by other processes). */
export const WEBHOOK_SEND_INTERVAL_MS = 5_000;
/** How long a delivery stays in a webhook's log. */
export const LOG_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

export class WebhookSenderJob extends PeriodicJob<SendSummary> {
  private again = false;
  private prunedAt = 0;

  constructor(private readonly deps: DeliveryDeps) {
    super(deps.logger, { firstRunDelayMs: 1_000, intervalMs: WEBHOOK_SEND_INTERVAL_MS, failureMessage: 'webhook sender failed' });
  }

  /** Sends soon: now, or right after the run under way (which may have looked before the write committed). */
  kick(): void {
    this.again = true;
    void this.run();
  }

  /** Sends until nothing queued before this call is left due: what a test waits on. */
  async drain(): Promise<SendSummary | null> {
    await this.run();
    return this.run();
  }

  protected async work(): Promise<SendSummary> {
    const total: SendSummary = { delivered: 0, retrying: 0, failed: 0 };
    let full: boolean;
    do {
      this.again = false;
      const summary = await sendDueDeliveries(this.deps);
      total.delivered += summary.delivered;
      total.retrying += summary.retrying;
      total.failed += summary.failed;
      // A full batch leaves more behind it: a large import's events go out in one run.
      full = summary.delivered + summary.retrying + summary.failed >= DELIVERIES_PER_RUN;
    } while (this.again || full);
    await this.pruneHourly();
    return total;
  }

  private async pruneHourly(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await pruneDeliveries(this.deps.db, new Date(now - LOG_DAYS * 86_400_000).toISOString());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender; tests wait on `webhooks.drain()`. */
    webhooks: WebhookSenderJob;
  }
}
