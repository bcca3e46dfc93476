/**
 * The orphan sweep (DECISIONS.md #107): removes stored objects that no attachment row names and
 * that are over an hour old — files of deleted transactions, accounts, books and people (their
 * rows went with them, by the database's cascades), files of an upload whose process died between
 * the file and the row, and a local store's half-written temporary files. An hour is far longer
 * than any upload takes between writing its file and its row, so a file on its way is never taken.
 * One process sweeps at a time: the one that takes the job's lease (db/job-leases.ts).
 */
import { holdJobLease, takeJobLease } from '../../db/job-leases';
import type { AttachmentDeps } from './attachments.service';
import { keysInUse } from './attachments.repo';
import type { StoredObject } from './attachment-store';
import { fileKeyOf } from './storage-keys';

export const SWEEP_JOB = 'attachments-sweep';
/** Objects younger than this are left alone: their row may still be on its way. */
export const ORPHAN_AGE_MS = 60 * 60_000;
/** Longest a sweep may take before another process may start one. */
const LEASE_MS = 10 * 60_000;
/** A finished sweep keeps the lease this long: the next sweep of any process is due then. */
export const SWEEP_EVERY_MS = 15 * 60_000;
const PAGE = 200;

export interface SweepSummary {
  checked: number;
  removed: number;
}

const after = (start: Date, ms: number): string => new Date(start.getTime() + ms).toISOString();

/** The objects of the page no row names. */
async function orphansOf(deps: AttachmentDeps, page: StoredObject[]): Promise<string[]> {
  const fileKeys = [...new Set(page.flatMap((object) => fileKeyOf(object.key) ?? []))];
  const used = await keysInUse(deps.db, fileKeys);
  return page
    .filter((object) => {
      const fileKey = fileKeyOf(object.key);
      return fileKey === null || !used.has(fileKey);
    })
    .map((object) => object.key);
}

/** Sweeps once now, whatever the lease says (the job's run, and tests). */
export async function sweepOrphans(deps: AttachmentDeps): Promise<SweepSummary> {
  const cutoff = deps.clock.now().getTime() - ORPHAN_AGE_MS;
  const summary: SweepSummary = { checked: 0, removed: 0 };
  let page: StoredObject[] = [];
  const flush = async () => {
    for (const key of await orphansOf(deps, page)) {
      await deps.store.delete(key);
      summary.removed += 1;
    }
    page = [];
  };
  for await (const object of deps.store.list()) {
    summary.checked += 1;
    if (object.modifiedAt.getTime() > cutoff) continue;
    page.push(object);
    if (page.length >= PAGE) await flush();
  }
  await flush();
  return summary;
}

/** Sweeps when this holder takes the lease; null when another process swept lately or sweeps now. */
export async function sweepWhenDue(deps: AttachmentDeps, holder: string): Promise<SweepSummary | null> {
  const now = deps.clock.now();
  if (!(await takeJobLease(deps.db, SWEEP_JOB, holder, now.toISOString(), after(now, LEASE_MS)))) return null;
  const summary = await sweepOrphans(deps);
  await holdJobLease(deps.db, SWEEP_JOB, holder, after(deps.clock.now(), SWEEP_EVERY_MS));
  return summary;
}
