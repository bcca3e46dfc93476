/**
 * A job that a timer runs in every server process: first soon after start-up, then at a fixed
 * interval. A run still under way (a slow SMTP server, a slow host) is not started again beside
 * itself, a failed run is logged and waits for the next, and `stop()` waits for the run under way
 * so the database is not closed beneath it. What keeps several processes from doing the same work
 * is the job's own claim or lease in the database, never the timer.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJobTiming {
  /** The first run after `start()`: once the server is up, out of the way of its first requests. */
  firstRunDelayMs: number;
  intervalMs: number;
  /** The log message of a run that threw. */
  failureMessage: string;
}

export abstract class PeriodicJob<Summary> {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<Summary | null> | null = null;

  protected constructor(
    protected readonly logger: FastifyBaseLogger,
    private readonly timing: PeriodicJobTiming,
  ) {}

  /** One run's work; what it answers is what `run()` answers. */
  protected abstract work(): Promise<Summary | null>;

  start(): void {
    const first = setTimeout(() => void this.run(), this.timing.firstRunDelayMs);
    const every = setInterval(() => void this.run(), this.timing.intervalMs);
    // Timers alone must not keep a process (a test, a closing server) alive.
    first.unref();
    every.unref();
    this.timers = [first, every];
  }

  /** One run now, or the one under way; null when it failed. */
  run(): Promise<Summary | null> {
    this.running ??= this.work()
      .catch((error: unknown) => {
        this.logger.error({ err: error }, this.timing.failureMessage);
        return null;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops the timers and waits for a run under way. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }
}
