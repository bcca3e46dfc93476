/**
 * The server's monthly reflection e-mail job (docs/DECISIONS.md #59): every 15 minutes it sends
 * what is due. It is a timer around `sendDueReflectionEmails`, which tests call directly with a
 * moved clock; the once-per-month claim, not the timer, is what keeps every process from
 * sending the same e-mail.
 */
import { type ReflectionEmailDeps, type SendSummary, sendDueReflectionEmails } from './reflection-email.service';

/** How often the job looks for e-mails due; a person's 1st begins at a different hour in each time zone. */
export const REFLECTION_EMAIL_INTERVAL_MS = 15 * 60_000;
/** The first look after start-up: soon, but not in the way of the server's first requests. */
const FIRST_RUN_DELAY_MS = 60_000;

export class ReflectionEmailJob {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<SendSummary | null> | null = null;

  constructor(private readonly deps: ReflectionEmailDeps) {}

  start(): void {
    const first = setTimeout(() => void this.run(), FIRST_RUN_DELAY_MS);
    const every = setInterval(() => void this.run(), REFLECTION_EMAIL_INTERVAL_MS);
    // Timers alone must not keep a process (a test, a closing server) alive.
    first.unref();
    every.unref();
    this.timers = [first, every];
  }

  /** One pass; a pass still running (a slow SMTP server) is not started again beside itself. */
  run(): Promise<SendSummary | null> {
    this.running ??= sendDueReflectionEmails(this.deps, this.deps.clock.now())
      .then((summary) => {
        if (summary.queued > 0) this.deps.logger.info(summary, 'reflection e-mails queued');
        return summary;
      })
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error }, 'reflection e-mail job failed');
        return null;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops the timers and waits for a pass under way, so the database is not closed beneath it. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }
}
