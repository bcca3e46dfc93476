/**
 * Every sync of a bank link runs under the link's lease (`bank-sync:<id>` in job_leases,
 * DECISIONS.md #106): the schedule on any process, "Sync now", and the first sync when the link is
 * made. Two syncs of one link at once would ask the provider twice and race to write the same rows
 * and the same cursor; a real-process race test found the schedule taking up a link while its
 * first sync was still running (test/race/bank-sync.api.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { holdJobLease, takeJobLease } from '../../db/job-leases';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/http-errors';

/** Longer than any sync takes (each provider call times out in 30 s); a dead holder's lease lapses after it. */
export const LINK_LEASE_MS = 15 * 60_000;
/** How long "Sync now" waits for a sync already running (a provider call times out in 30 s). */
const WAIT_FOR_RUNNING_SYNC_MS = 40_000;
const WAIT_STEP_MS = 250;

export const SYNC_ALREADY_RUNNING = 'This bank is being synced right now. Its transactions will appear in a minute; try again then.';

const leaseName = (institutionId: number) => `bank-sync:${institutionId}`;

/** A holder for one request's sync: a request has no process-wide name like the schedule's. */
export const requestHolder = () => `request:${randomBytes(8).toString('hex')}`;

/** Takes the link's lease now; false when another sync holds it. */
export function takeLinkLease(deps: AppDeps, institutionId: number, holder: string): Promise<boolean> {
  const now = deps.clock.now();
  return takeJobLease(deps.db, leaseName(institutionId), holder, now.toISOString(), new Date(now.getTime() + LINK_LEASE_MS).toISOString());
}

/** Frees the lease at once: the link's next due time guards it from here on. */
export async function releaseLinkLease(deps: AppDeps, institutionId: number, holder: string): Promise<void> {
  await holdJobLease(deps.db, leaseName(institutionId), holder, deps.clock.now().toISOString());
}

/**
 * Runs `sync` under the link's lease, waiting while another sync of the link finishes (the person
 * pressed "Sync now" while the schedule was at it); a 409 when it does not finish in time.
 */
export async function syncWhenFree<T>(deps: AppDeps, institutionId: number, sync: () => Promise<T>): Promise<T> {
  const holder = requestHolder();
  if (!(await retryWhileBusy(() => takeLinkLease(deps, institutionId, holder), WAIT_FOR_RUNNING_SYNC_MS)))
    throw new HttpError(409, SYNC_ALREADY_RUNNING);
  try {
    return await sync();
  } finally {
    await releaseLinkLease(deps, institutionId, holder);
  }
}

/**
 * Tries `attempt` (one try at the link's lease, or a sync that takes it) until it succeeds or
 * `waitMs` has passed; true when it succeeded. "Sync now" and Plaid's webhook both wait this way
 * for a sync already running on the link.
 */
export async function retryWhileBusy(attempt: () => Promise<boolean>, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await attempt()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}
