/**
 * Whether this process should be sent requests (GET /api/ready, issue 35): its database answers,
 * and has every migration this build expects. A load balancer polls it every few seconds on every
 * process, so one check at a time runs per process (concurrent polls share it) and none waits
 * longer than a balancer's own timeout for a database that does not answer at all.
 */

export type Readiness = { ready: true } | { ready: false; reason: string; error?: unknown };

/** Under the 5 s a health check commonly waits (the default of an AWS load balancer and of Caddy). */
export const READINESS_TIMEOUT_MS = 2000;

class TimedOut extends Error {}

/** `promise`, or a TimedOut rejection after `ms`; a late rejection of `promise` is swallowed. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class ReadinessCheck {
  private running: Promise<Readiness> | null = null;

  /**
   * `pendingMigrations` asks the database which migrations it lacks: its answer proves the
   * database answers, and its failure that it does not.
   */
  constructor(
    private readonly pendingMigrations: () => Promise<readonly string[]>,
    private readonly timeoutMs = READINESS_TIMEOUT_MS,
  ) {}

  /** The answer of the check running now, or of a new one. */
  check(): Promise<Readiness> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<Readiness> {
    let pending: readonly string[];
    try {
      pending = await withTimeout(this.pendingMigrations(), this.timeoutMs);
    } catch (error) {
      const reason =
        error instanceof TimedOut ? `database unreachable: ${error.message}` : 'database unreachable';
      return { ready: false, reason, error };
    }
    if (pending.length > 0) {
      return {
        ready: false,
        reason: `${pending.length} migration${pending.length === 1 ? '' : 's'} pending`,
      };
    }
    return { ready: true };
  }
}
