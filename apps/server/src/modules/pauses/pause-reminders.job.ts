/** The timer around `remindDuePauses` (pause-reminders.ts), in every server process; tests call the function with a moved clock. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { PeriodicJob } from '../../lib/periodic-job';
import { type PauseReminderDeps, remindDuePauses } from './pause-reminders';

/** A reminder comes at most this late after the cooling-off ends. */
export const PAUSE_REMINDER_INTERVAL_MS = 5 * 60_000;

export class PauseReminderJob extends PeriodicJob<{ reminded: number }> {
  constructor(private readonly deps: PauseReminderDeps & Pick<AppDeps, 'clock'> & { logger: FastifyBaseLogger }) {
    super(deps.logger, { firstRunDelayMs: 30_000, intervalMs: PAUSE_REMINDER_INTERVAL_MS, failureMessage: 'pause reminder job failed' });
  }

  protected async work(): Promise<{ reminded: number }> {
    return remindDuePauses(this.deps, this.deps.clock.now());
  }
}
