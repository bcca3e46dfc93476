/**
 * The scheduled bank sync (DECISIONS.md #106): every process looks for links that are due; a
 * lease per link (`bank-sync:<id>` in job_leases, link-lease.ts) lets one process sync it, and the link's due
 * time is read again under the lease, so two processes never sync one link at once, and a link
 * synced a moment ago by another is not synced again. A process that dies mid-sync holds the
 * lease until it lapses; its sync's transaction never committed, and the link is still due, so
 * the next process to look takes it up.
 */
import { jobScope } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { InstitutionNeedsRelink } from './bank-sync';
import { bookOwner, dueInstitutionIds, institutionById } from './institutions.repo';
import { releaseLinkLease, takeLinkLease } from './link-lease';
import { syncAndRecord } from './sync-outcome';

/** Links one look takes up at most; the rest wait for the next look, a minute later at most. */
export const SYNCS_PER_LOOK = 20;

export interface ScheduledSyncSummary {
  synced: number;
  failed: number;
}

export async function syncDueLinks(deps: AppDeps, holder: string): Promise<ScheduledSyncSummary> {
  const summary: ScheduledSyncSummary = { synced: 0, failed: 0 };
  if (!deps.bankLink) return summary;
  const due = await dueInstitutionIds(deps.db, deps.clock.now().toISOString(), SYNCS_PER_LOOK);
  for (const { id } of due) {
    const outcome = await syncUnderLease(deps, id, holder, { onlyWhenDue: true });
    if (outcome === 'synced') summary.synced += 1;
    if (outcome === 'failed') summary.failed += 1;
  }
  return summary;
}

/** What became of one link's sync under its lease. */
export type LeasedSyncOutcome = 'synced' | 'failed' | 'skipped' | 'busy';

/**
 * Syncs link `id` under its lease, as its book's owner; 'busy' when another process holds the
 * lease (it is syncing the link now). `onlyWhenDue`: the schedule's sync, which leaves a link
 * another process synced a moment ago; a Plaid webhook (DECISIONS.md #112) syncs whenever told.
 */
export async function syncUnderLease(
  deps: AppDeps,
  id: number,
  holder: string,
  { onlyWhenDue }: { onlyWhenDue: boolean },
): Promise<LeasedSyncOutcome> {
  const link = deps.bankLink;
  if (!link) return 'skipped';
  if (!(await takeLinkLease(deps, id, holder))) return 'busy';
  try {
    // Read again under the lease: another process may have synced it since the list was read.
    const institution = await institutionById(deps.db, id);
    if (!institution || institution.status !== 'connected') return 'skipped';
    if (onlyWhenDue && institution.next_sync_at !== null && institution.next_sync_at > deps.clock.now().toISOString()) return 'skipped';
    const owner = await bookOwner(deps.db, institution.book_id);
    if (!owner) return 'skipped';
    try {
      await syncAndRecord(deps, link, await jobScope(deps.db, institution.book_id, owner), institution);
      return 'synced';
    } catch (error) {
      // Recorded with the link (shown to the person) and retried after the backoff.
      if (!(error instanceof InstitutionNeedsRelink))
        deps.logger.warn({ institutionId: id, err: error instanceof Error ? error.message : String(error) }, 'bank sync failed');
      return 'failed';
    }
  } finally {
    // The link's next due time now guards it; the lease is free for the next due sync.
    await releaseLinkLease(deps, id, holder);
  }
}
