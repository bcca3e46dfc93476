/**
 * The push nudge sender (DECISIONS.md #103): every process looks for due nudges every few seconds;
 * the nudge's lease, not the timer, keeps two processes from sending the same one. Once an hour it
 * forgets expired action tokens and ended nudges older than a week.
 */
import { PeriodicJob } from '../../lib/periodic-job';
import { type NudgeDeps, NUDGES_PER_RUN, type NudgeSummary, sendDueNudges } from './nudge-sender';
import { pruneOld } from './push.repo';

/** How often a process looks for due nudges (new ones, held ones whose quiet hours ended, retries). */
export const NUDGE_SEND_INTERVAL_MS = 5_000;
const KEEP_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

export class PushNudgeJob extends PeriodicJob<NudgeSummary> {
  private prunedAt = 0;

  constructor(private readonly deps: NudgeDeps) {
    super(deps.logger, { firstRunDelayMs: 2_000, intervalMs: NUDGE_SEND_INTERVAL_MS, failureMessage: 'push nudge sender failed' });
  }

  protected async work(): Promise<NudgeSummary> {
    const total: NudgeSummary = { sent: 0, held: 0, dropped: 0, retrying: 0, failed: 0 };
    let full: boolean;
    do {
      const summary = await sendDueNudges(this.deps);
      for (const key of Object.keys(total) as (keyof NudgeSummary)[]) total[key] += summary[key];
      // A full batch leaves more behind it.
      full = Object.values(summary).reduce((sum, count) => sum + count, 0) >= NUDGES_PER_RUN;
    } while (full);
    await this.pruneHourly();
    return total;
  }

  private async pruneHourly(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await pruneOld(this.deps.db, new Date(now - KEEP_MS).toISOString());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The push nudge sender; tests call `push.run()`. */
    push: PushNudgeJob;
  }
}
