/**
 * One run of the rates job (DECISIONS.md #87): whichever process takes the job's lease fetches,
 * and a finished fetch keeps the lease until the next one is due, so however many processes share
 * a PostgreSQL database the ECB's file is fetched once per FETCH_EVERY_MS. A run that fails (or a
 * process that dies mid-run) lets the lease lapse after LEASE_MS, and a later run tries again.
 */
import { holdJobLease, takeJobLease } from '../../db/job-leases';
import type { WriteDeps } from '../../db/locked-writes';
import { type EcbFetchDeps, type EcbFetchSummary, fetchEcbRates } from './ecb-fetch';
import { recomputeAfterEcbFigures } from './recompute-base-amounts';

/** The job's name in `job_leases`. */
export const FX_RATES_JOB = 'fx-rates';
/** Longest a run may take before another process may start one. */
export const LEASE_MS = 5 * 60_000;
/** The ECB publishes once a working day, around 16:00 CET: four looks a day find it within hours. */
export const FETCH_EVERY_MS = 6 * 60 * 60_000;

const after = (start: Date, ms: number): string => new Date(start.getTime() + ms).toISOString();

/** Fetches and stores the rates when they are due and this holder takes the lease; null when not its turn. */
export async function fetchRatesWhenDue(deps: EcbFetchDeps & WriteDeps, url: string, holder: string): Promise<EcbFetchSummary | null> {
  const now = deps.clock.now();
  if (!(await takeJobLease(deps.db, FX_RATES_JOB, holder, now.toISOString(), after(now, LEASE_MS)))) return null;
  const summary = await fetchEcbRates(deps, url);
  // New figures may be the rate of days that took an earlier one (DECISIONS.md #90).
  if (summary.stored > 0 && summary.firstDay !== null) await recomputeAfterEcbFigures(deps, summary.firstDay);
  await holdJobLease(deps.db, FX_RATES_JOB, holder, after(deps.clock.now(), FETCH_EVERY_MS));
  return summary;
}
