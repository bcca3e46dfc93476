/**
 * SQL of statement imports: the jobs, their claims and leases. What an import reads of the ledger
 * and writes to it is the ledger writer's (modules/ledger-writer).
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ImportJobRow, ImportJobsTable, ImportMappingsTable } from '../../db/import-schema';
import { type BookRows, hidingPrivate } from '../../db/private-accounts';
import type { Database } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';
import type { ImportAnswers } from '@mindspend/domain';

export function insertJob(db: Kysely<Database>, values: Insertable<ImportJobsTable>) {
  return db.insertInto('import_jobs').values(values).returning('id').executeTakeFirstOrThrow();
}

/** One of the book's import jobs, unless it fills another member's private account. */
export function findJob(db: Kysely<Database>, book: BookRows, jobId: number) {
  return db
    .selectFrom('import_jobs')
    .select([
      'id',
      'account_id',
      'file_name',
      'status',
      'progress',
      'rows_read',
      'rows_imported',
      'duplicates_skipped',
      'categorized',
      'rows_skipped',
      'skipped',
      'notice',
      'needs_mapping',
      'columns',
      'needs_confirmation',
      'question',
      'notes',
      'column_samples',
      'has_header',
      'error',
      'created_at',
      'finished_at',
    ])
    .where('book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 'account_id'))
    .where('id', '=', jobId)
    .executeTakeFirst();
}

/** A job's state and rows imported, by id alone: the worker's report on a job it just ran. */
export function findJobOutcome(db: Kysely<Database>, jobId: number) {
  return db.selectFrom('import_jobs').select(['status', 'rows_imported']).where('id', '=', jobId).executeTakeFirst();
}

export async function updateJob(
  db: Kysely<Database>,
  jobId: number,
  values: Updateable<ImportJobsTable>,
): Promise<void> {
  await db.updateTable('import_jobs').set(values).where('id', '=', jobId).execute();
}

/** The claim a process holds on a job: the job, and the attempt its claim numbered. */
export type JobClaim = Pick<ImportJobRow, 'id' | 'attempts'>;

/**
 * Records the end of a job, but only for the claim that is still working on it: false when the
 * job's lease ran out and another process has claimed it since (or it was given up on).
 */
export async function completeClaimedJob(
  db: Kysely<Database>,
  claim: JobClaim,
  values: Updateable<ImportJobsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set(values)
    .where('id', '=', claim.id)
    .where('status', '=', 'processing')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Renews the lease of a claimed job; false when the claim is no longer this process's. */
export function renewLease(db: Kysely<Database>, claim: JobClaim, now: string): Promise<boolean> {
  return completeClaimedJob(db, claim, { heartbeat_at: now });
}

/**
 * Claims the oldest queued job for this process and starts its lease. On PostgreSQL `FOR UPDATE
 * SKIP LOCKED` lets several processes claim jobs at once without two taking the same one.
 */
export async function claimNextJob(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  now: string,
): Promise<ImportJobRow | undefined> {
  return db.transaction().execute(async (trx) => {
    let next = trx
      .selectFrom('import_jobs')
      .select('id')
      .where('status', '=', 'queued')
      .orderBy('id')
      .limit(1);
    if (dialect === 'postgres') next = next.forUpdate().skipLocked();
    const candidate = await next.executeTakeFirst();
    if (!candidate) return undefined;
    return trx
      .updateTable('import_jobs')
      .set((eb) => ({
        status: 'processing',
        started_at: now,
        heartbeat_at: now,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', candidate.id)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
  });
}

export const INTERRUPTED_TOO_OFTEN =
  'The import was interrupted several times and has stopped. Please upload the file again.';

/**
 * Jobs left 'processing' by a server that stopped (their lease not renewed since `aliveBefore`):
 * their rows were never committed (one file is one transaction), so they go back to the queue, or
 * fail after `maxAttempts` claims.
 */
export async function requeueInterrupted(
  db: Kysely<Database>,
  aliveBefore: string,
  maxAttempts: number,
  now: string,
) {
  const lapsed = (eb: ExpressionBuilder<Database, 'import_jobs'>) =>
    eb.and([
      eb('status', '=', 'processing'),
      eb(eb.fn.coalesce('heartbeat_at', 'started_at'), '<', aliveBefore),
    ]);
  await db
    .updateTable('import_jobs')
    .set({ status: 'failed', error: INTERRUPTED_TOO_OFTEN, finished_at: now, content: '' })
    .where(lapsed)
    .where('attempts', '>=', maxAttempts)
    .execute();
  const requeued = await db
    .updateTable('import_jobs')
    .set({ status: 'queued', progress: 0 })
    .where(lapsed)
    .executeTakeFirst();
  return Number(requeued.numUpdatedRows);
}

/** Remembers (or replaces) the column mapping of an account's CSV header. */
export async function rememberMapping(db: Kysely<Database>, values: Insertable<ImportMappingsTable>): Promise<void> {
  await db
    .deleteFrom('import_mappings')
    .where('account_id', '=', values.account_id)
    .where('header_signature', '=', values.header_signature)
    .execute();
  await db.insertInto('import_mappings').values(values).execute();
}

/** Remembers (or replaces) the account's answer to each question an import settled. */
export async function rememberAnswers(
  db: Kysely<Database>,
  values: { bookId: number; accountId: number; answers: ImportAnswers; now: string },
): Promise<void> {
  const settled = Object.entries(values.answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  if (settled.length === 0) return;
  await db
    .deleteFrom('import_answers')
    .where('account_id', '=', values.accountId)
    .where('question', 'in', settled.map(([question]) => question))
    .execute();
  await db
    .insertInto('import_answers')
    .values(settled.map(([question, answer]) => ({ book_id: values.bookId, account_id: values.accountId, question, answer, updated_at: values.now })))
    .execute();
}

/** The answers remembered for the account, question → answer. */
export function findAnswers(db: Kysely<Database>, bookId: number, accountId: number) {
  return db.selectFrom('import_answers').select(['question', 'answer']).where('book_id', '=', bookId).where('account_id', '=', accountId).execute();
}

/** The mapping the user last used for one of these header signatures of the account, if any. */
export async function findMapping(db: Kysely<Database>, bookId: number, accountId: number, signatures: readonly string[]) {
  if (signatures.length === 0) return undefined;
  return db
    .selectFrom('import_mappings')
    .select(['mapping', 'header_signature'])
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .where('header_signature', 'in', signatures)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
