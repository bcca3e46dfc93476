/**
 * The exchange rates job (DECISIONS.md #87): with FX_RATES_URL set, every process looks every 15
 * minutes whether the rates are due (fetch-when-due.ts); the lease, not the timer, is what keeps
 * processes from fetching the same file at once. Unset, nothing is fetched.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../../deps';
import { PeriodicJob } from '../../lib/periodic-job';
import type { EcbFetchSummary } from './ecb-fetch';
import { fetchRatesWhenDue } from './fetch-when-due';

/** How often a process looks whether the rates are due. */
export const FX_RATES_INTERVAL_MS = 15 * 60_000;
/** The first look after start-up: once the server is listening, so a new deployment has rates soon. */
const FIRST_RUN_DELAY_MS = 5_000;

export type FxRatesJobDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'logger'>;

export class FxRatesJob extends PeriodicJob<EcbFetchSummary> {
  /** Who holds the lease, for the database row and the log. */
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(private readonly deps: FxRatesJobDeps) {
    super(deps.logger, {
      firstRunDelayMs: FIRST_RUN_DELAY_MS,
      intervalMs: FX_RATES_INTERVAL_MS,
      failureMessage: 'exchange rates job failed',
    });
  }

  override start(): void {
    if (this.deps.config.FX_RATES_URL) super.start();
  }

  protected async work(): Promise<EcbFetchSummary | null> {
    const url = this.deps.config.FX_RATES_URL;
    if (!url) return null;
    const summary = await fetchRatesWhenDue(this.deps, url, this.holder);
    if (summary) this.deps.logger.info(summary, 'exchange rates fetched');
    return summary;
  }
}
