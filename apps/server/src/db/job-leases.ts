/**
 * Leases of scheduled jobs (migration 0038, DECISIONS.md #87): every process runs the job's timer,
 * and the lease says which one does the work. Taking it is one statement that only succeeds while
 * no one holds it — an insert that does nothing when the row exists, else an update of a lapsed
 * lease — so of processes asking at once on PostgreSQL exactly one gets it (the row lock makes the
 * second update see the first's new time). A process that dies holding a lease holds it only until
 * it lapses; a finished run keeps it until the job is next due.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Takes the lease of job `name` for `holder` until `until` when it is free at `now`; true when
 * taken. Times are ISO-8601 UTC, which compare as text.
 */
export async function takeJobLease(db: Kysely<Database>, name: string, holder: string, now: string, until: string): Promise<boolean> {
  const inserted = await db
    .insertInto('job_leases')
    .values({ name, holder, leased_until: until })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
  const updated = await db
    .updateTable('job_leases')
    .set({ holder, leased_until: until })
    .where('name', '=', name)
    .where('leased_until', '<=', now)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Keeps a lease its holder still has until `until` (the job's next run); false when another took it over. */
export async function holdJobLease(db: Kysely<Database>, name: string, holder: string, until: string): Promise<boolean> {
  const updated = await db
    .updateTable('job_leases')
    .set({ leased_until: until })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
