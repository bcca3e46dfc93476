/**
 * The sender of an outbox (`db/leased-outbox.ts`): every process looks for due rows every few
 * seconds, and at once when a write of its own has queued some (`kick`); the row's lease, not the
 * timer, keeps two processes from sending the same one. A full batch leaves more behind it, so a
 * run sends batches until one comes back short: a large import's events go out in one run. Once an
 * hour it forgets what has ended long enough ago.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import { PeriodicJob, type PeriodicJobTiming } from './periodic-job';

/** What a run did: a count per outcome (sent, retrying, failed, …). */
export type SendCounts = Record<string, number>;

const PRUNE_EVERY_MS = 3_600_000;

export interface OutboxSenderTiming extends PeriodicJobTiming {
  /** Rows one batch sends at most. */
  batchSize: number;
}

export abstract class OutboxSenderJob<Counts extends SendCounts> extends PeriodicJob<Counts> {
  private again = false;
  private prunedAt = 0;

  protected constructor(
    logger: FastifyBaseLogger,
    private readonly clock: Clock,
    private readonly sending: OutboxSenderTiming,
  ) {
    super(logger, sending);
  }

  /** Sends one batch of the rows due that this process leases. */
  protected abstract sendBatch(): Promise<Counts>;
  /** Forgets rows (and what hangs on them) that ended before `before`. */
  protected abstract prune(before: Date): Promise<void>;
  /** How long ended rows are kept. */
  protected abstract readonly keepMs: number;

  /** Sends soon: now, or right after the run under way (which may have looked before the write committed). */
  kick(): void {
    this.again = true;
    void this.run();
  }

  /** Sends until nothing queued before this call is left due: what a test waits on. */
  async drain(): Promise<Counts | null> {
    await this.run();
    return this.run();
  }

  protected async work(): Promise<Counts> {
    let total: Counts | null = null;
    let full: boolean;
    do {
      this.again = false;
      const batch = await this.sendBatch();
      total = total ? addCounts(total, batch) : batch;
      full = Object.values(batch).reduce((sum, count) => sum + count, 0) >= this.sending.batchSize;
    } while (this.again || full);
    await this.pruneHourly();
    return total;
  }

  private async pruneHourly(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.prune(new Date(now - this.keepMs));
  }
}

function addCounts<Counts extends SendCounts>(total: Counts, batch: Counts): Counts {
  const sum: SendCounts = { ...total };
  for (const [outcome, count] of Object.entries(batch)) sum[outcome] = (sum[outcome] ?? 0) + count;
  return sum as Counts;
}
