/**
 * The orphan sweep's timer (DECISIONS.md #107): every process looks every 15 minutes; the lease
 * in the database, not the timer, decides which one sweeps (sweep.ts).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob } from '../../lib/periodic-job';
import type { AttachmentDeps } from './attachments.service';
import { SWEEP_EVERY_MS, type SweepSummary, sweepWhenDue } from './sweep';

/** The first look after start-up: out of the way of the first requests. */
const FIRST_RUN_DELAY_MS = 60_000;

export class AttachmentSweepJob extends PeriodicJob<SweepSummary> {
  /** Who holds the lease, for the database row and the log. */
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly deps: AttachmentDeps,
    logger: FastifyBaseLogger,
  ) {
    super(logger, {
      firstRunDelayMs: FIRST_RUN_DELAY_MS,
      intervalMs: SWEEP_EVERY_MS,
      failureMessage: 'attachment sweep failed',
    });
  }

  protected async work(): Promise<SweepSummary | null> {
    const summary = await sweepWhenDue(this.deps, this.holder);
    if (summary && summary.removed > 0) this.logger.info(summary, 'attachment sweep removed orphaned files');
    return summary;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The orphan sweep; tests stop its timer and run it by hand. */
    attachmentSweep: AttachmentSweepJob;
  }
}
