/**
 * The push nudge sender (DECISIONS.md #103), an outbox sender (`lib/outbox-sender-job.ts`): every
 * process looks for due nudges every few seconds; the nudge's lease keeps two processes from
 * sending the same one. Once an hour it forgets expired action tokens and ended nudges older than
 * a week.
 */
import { OutboxSenderJob } from '../../lib/outbox-sender-job';
import { type NudgeDeps, NUDGES_PER_RUN, type NudgeSummary, sendDueNudges } from './nudge-sender';
import { pruneOld } from './push.repo';

/** How often a process looks for due nudges (new ones, held ones whose quiet hours ended, retries). */
export const NUDGE_SEND_INTERVAL_MS = 5_000;

export class PushNudgeJob extends OutboxSenderJob<NudgeSummary> {
  protected readonly keepMs = 7 * 24 * 3_600_000;

  constructor(private readonly deps: NudgeDeps) {
    super(deps.logger, deps.clock, {
      firstRunDelayMs: 2_000,
      intervalMs: NUDGE_SEND_INTERVAL_MS,
      batchSize: NUDGES_PER_RUN,
      failureMessage: 'push nudge sender failed',
    });
  }

  protected sendBatch(): Promise<NudgeSummary> {
    return sendDueNudges(this.deps);
  }

  protected prune(before: Date): Promise<void> {
    return pruneOld(this.deps.db, before.toISOString());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The push nudge sender; tests call `push.run()`. */
    push: PushNudgeJob;
  }
}
