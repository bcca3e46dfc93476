/**
 * Runs queued import jobs in the background of this process. Jobs are claimed from the database,
 * so with PostgreSQL several server processes share the queue and none takes a job twice.
 */
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { runImportJob } from './import-pipeline';
import { claimNextJob, requeueInterrupted } from './imports.repo';

/** Another process's job older than this is taken to be abandoned by a crashed server. */
const ABANDONED_AFTER_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
const POLL_MS = 5_000;

export class ImportWorker {
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: AppDeps) {}

  /** Puts back jobs a stopped server left half-done, then starts working through the queue. */
  async start(): Promise<void> {
    const now = this.deps.clock.now();
    // One SQLite file has one server process: anything 'processing' at start-up was interrupted.
    const cutoff = this.deps.dialect === 'sqlite' ? now : new Date(now.getTime() - ABANDONED_AFTER_MS);
    const requeued = await requeueInterrupted(this.deps.db, cutoff.toISOString(), MAX_ATTEMPTS, now.toISOString());
    if (requeued > 0) this.deps.logger.info({ requeued }, 'resuming interrupted imports');
    this.kick();
    if (this.deps.dialect === 'postgres') {
      // Other processes may queue jobs; a slow poll picks them up when this one is idle.
      this.timer = setInterval(() => this.kick(), POLL_MS);
      this.timer.unref();
    }
  }

  /** Processes queued jobs until none is left; a call while already working does nothing more. */
  kick(): void {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves once the queue is empty (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const job = await claimNextJob(this.deps.db, this.deps.dialect, isoNow(this.deps.clock));
      if (!job) return;
      await runImportJob(this.deps, job);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background import worker; tests wait on `imports.idle()`. */
    imports: ImportWorker;
  }
}
