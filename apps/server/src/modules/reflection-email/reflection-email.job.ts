/**
 * The server's monthly reflection e-mail job (docs/DECISIONS.md #59): every 15 minutes it sends
 * what is due. It is a timer around `sendDueReflectionEmails`, which tests call directly with a
 * moved clock; the once-per-month claim, not the timer, is what keeps every process from
 * sending the same e-mail.
 */
import { PeriodicJob } from '../../lib/periodic-job';
import { type ReflectionEmailDeps, type SendSummary, sendDueReflectionEmails } from './reflection-email.service';

/** How often the job looks for e-mails due; a person's 1st begins at a different hour in each time zone. */
export const REFLECTION_EMAIL_INTERVAL_MS = 15 * 60_000;
/** The first look after start-up: soon, but not in the way of the server's first requests. */
const FIRST_RUN_DELAY_MS = 60_000;

export class ReflectionEmailJob extends PeriodicJob<SendSummary> {
  constructor(private readonly deps: ReflectionEmailDeps) {
    super(deps.logger, {
      firstRunDelayMs: FIRST_RUN_DELAY_MS,
      intervalMs: REFLECTION_EMAIL_INTERVAL_MS,
      failureMessage: 'reflection e-mail job failed',
    });
  }

  protected async work(): Promise<SendSummary> {
    const summary = await sendDueReflectionEmails(this.deps, this.deps.clock.now());
    if (summary.queued > 0) this.deps.logger.info(summary, 'reflection e-mails queued');
    return summary;
  }
}
