/**
 * Runs the scheduled bank sync in every process (DECISIONS.md #106): a look for due links at most
 * every minute (more often when BANK_SYNC_INTERVAL_MINUTES is shorter, as in tests); each link's
 * lease, not the timer, keeps two processes from syncing it at once.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../../deps';
import { PeriodicJob } from '../../lib/periodic-job';
import { type ScheduledSyncSummary, syncDueLinks } from './scheduled-sync';

const LOOK_EVERY_MS = 60_000;
/** After start-up, out of the way of the first requests. */
const FIRST_LOOK_MS = 20_000;

export class BankSyncJob extends PeriodicJob<ScheduledSyncSummary> {
  /** This process among those sharing the database. */
  private readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(private readonly deps: AppDeps) {
    const intervalMs = deps.config.BANK_SYNC_INTERVAL_MINUTES * 60_000;
    super(deps.logger, {
      firstRunDelayMs: Math.min(FIRST_LOOK_MS, intervalMs),
      intervalMs: Math.max(250, Math.min(LOOK_EVERY_MS, intervalMs)),
      failureMessage: 'scheduled bank sync failed',
    });
  }

  protected work(): Promise<ScheduledSyncSummary> {
    return syncDueLinks(this.deps, this.holder);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled bank sync; tests call `bankSync.run()` or let its timer run. */
    bankSync: BankSyncJob;
  }
}
