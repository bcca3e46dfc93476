/**
 * Runs queued import jobs in the background of this process. Jobs are claimed from the database,
 * so with PostgreSQL several server processes share the queue and none takes a job twice.
 *
 * A claimed job has a lease (docs/concurrent-writes.md): on PostgreSQL the process working on it
 * renews `heartbeat_at` every few seconds, and every process looks for jobs whose lease has
 * lapsed — their process died — and puts them back in the queue, so a live process takes the job
 * over within half a minute. The completing write is fenced by the claim's attempt number, so a
 * process that only seemed dead cannot complete a job another has taken over. One SQLite file has
 * one server process: whatever is 'processing' when it starts was interrupted.
 */
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { runImportJob } from './run-import-job';
import { type JobClaim, claimNextJob, findJobOutcome, renewLease, requeueInterrupted } from './imports.repo';

/** A job whose lease has not been renewed for this long belongs to a process that died. */
export const LEASE_MS = 20_000;
/** How often the working process renews its lease (several renewals fit in one lease). */
const HEARTBEAT_MS = 5_000;
const MAX_ATTEMPTS = 3;
/** How often an idle PostgreSQL process looks for queued jobs and lapsed leases. */
const POLL_MS = 5_000;

/** What a job this process worked on came to (the /metrics import counters). */
export interface ImportOutcome {
  status: string;
  rowsImported: number;
  /** Time this process spent on it. */
  seconds: number;
}

export class ImportJobQueue {
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** A poll in flight: stop() waits for it, or it would claim a job after the database closed. */
  private polling: Promise<void> | null = null;
  /** Set by stop(): nothing more is claimed. */
  private stopped = false;
  private readonly outcomeListeners: ((outcome: ImportOutcome) => void)[] = [];

  constructor(private readonly deps: AppDeps) {}

  /** Calls `listener` after each job this process works on. */
  onJobDone(listener: (outcome: ImportOutcome) => void): void {
    this.outcomeListeners.push(listener);
  }

  private async reportOutcome(job: JobClaim, startedAt: number): Promise<void> {
    if (this.outcomeListeners.length === 0) return;
    const seconds = (performance.now() - startedAt) / 1000;
    const row = await findJobOutcome(this.deps.db, job.id);
    if (!row) return;
    for (const listener of this.outcomeListeners) listener({ status: row.status, rowsImported: row.rows_imported, seconds });
  }

  /** Puts back jobs a stopped server left half-done, then starts working through the queue. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.requeueLapsed();
    this.kick();
    if (this.deps.dialect === 'postgres' && !this.timer) {
      // Other processes may queue jobs or die mid-job; a slow poll notices both.
      this.timer = setInterval(() => {
        this.polling ??= this.poll().finally(() => {
          this.polling = null;
        });
      }, POLL_MS);
      this.timer.unref();
    }
  }

  private async poll(): Promise<void> {
    try {
      await this.requeueLapsed();
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'could not look for interrupted imports');
    }
    this.kick();
  }

  /** Jobs whose process died go back to the queue (or fail after MAX_ATTEMPTS). */
  private async requeueLapsed(): Promise<void> {
    const now = this.deps.clock.now();
    // One SQLite file has one server process: anything 'processing' at start-up was interrupted.
    const cutoff = this.deps.dialect === 'sqlite' ? now : new Date(now.getTime() - LEASE_MS);
    const requeued = await requeueInterrupted(
      this.deps.db,
      cutoff.toISOString(),
      MAX_ATTEMPTS,
      now.toISOString(),
    );
    if (requeued > 0) this.deps.logger.info({ requeued }, 'resuming interrupted imports');
  }

  /** Set when kick() is called while the queue is being worked through. */
  private kickedMeanwhile = false;

  /**
   * Processes queued jobs until none is left. A call while already working makes the worker look
   * once more when it is done: the job may have been queued after the loop's last look found
   * nothing, and would otherwise wait for the next upload (SQLite) or poll (PostgreSQL).
   */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.kickedMeanwhile = true;
      return;
    }
    // A lost database connection must not end the process (an unhandled rejection would): the
    // job keeps its lease and is taken again by the next kick or poll, here or elsewhere.
    const drained = this.drain().catch((error: unknown) => this.deps.logger.error({ err: error }, 'import queue could not work through its jobs'));
    this.draining = drained.finally(() => {
      this.draining = null;
      if (this.kickedMeanwhile) {
        this.kickedMeanwhile = false;
        this.kick();
      }
    });
  }

  /** Resolves once the queue is empty (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    await this.idle();
  }

  private async drain(): Promise<void> {
    // After stop() the job in hand is finished, and no other is claimed.
    while (!this.stopped) {
      const job = await claimNextJob(this.deps.db, this.deps.dialect, isoNow(this.deps.clock));
      if (!job) return;
      const heartbeat = this.keepLease(job);
      const startedAt = performance.now();
      try {
        await runImportJob(this.deps, job);
      } finally {
        clearInterval(heartbeat);
      }
      await this.reportOutcome(job, startedAt);
    }
  }

  /** Renews the job's lease while it runs (PostgreSQL: other processes watch it). */
  private keepLease(job: JobClaim): NodeJS.Timeout | undefined {
    if (this.deps.dialect !== 'postgres') return undefined;
    const timer = setInterval(() => {
      renewLease(this.deps.db, job, isoNow(this.deps.clock)).catch((error: unknown) =>
        this.deps.logger.warn({ err: error, jobId: job.id }, 'could not renew an import lease'),
      );
    }, HEARTBEAT_MS);
    timer.unref();
    return timer;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue; tests wait on `imports.idle()`. */
    imports: ImportJobQueue;
  }
}
