/**
 * The one rule for writes (docs/concurrent-writes.md): every workflow that changes a user's data
 * runs inside `writeAsUser`, which makes one user's writes run one at a time on any number of
 * server processes while different users run in parallel.
 *
 * - In this process, a user's writes queue in memory, so a burst of one user's requests holds at
 *   most one pooled connection and never starves other users of the pool.
 * - Across processes, the transaction first takes the user's PostgreSQL advisory lock
 *   (`pg_advisory_xact_lock`, released at commit or rollback). SQLite needs none: BEGIN IMMEDIATE
 *   (waiting-sqlite-dialect.ts) already lets one writer in at a time.
 * - The workflow reads what it checks and merges (the row it edits, "is the account empty?",
 *   "does this sub-category already have a budget?") inside the same transaction, after the lock,
 *   so no other write of the user can slip in between the read and the write.
 * - Serialization failures and deadlocks cannot come from the lock itself, but a statement may
 *   still meet one (e.g. a foreign key check against a row another user's transaction changes):
 *   the whole workflow is then retried, a bounded number of times.
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './connection';
import type { Database } from './schema';

/** First key of the two-key advisory lock: marks the lock as "a user's writes" (ASCII "MSuw"). */
const USER_WRITE_LOCK_CLASS = 0x4d537577;
/** How long a write waits for the user's lock before it answers busy (as SQLite's busy deadline). */
export const USER_LOCK_WAIT_MS = 10_000;
/** Attempts of a workflow that meets a serialization failure or a deadlock. */
const MAX_ATTEMPTS = 3;

/** PostgreSQL error codes worth retrying the whole transaction for. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * The database a write runs on, and which one it is. Named from db/ itself, not from the app's
 * AppDeps, so the database layer depends on nothing above it; AppDeps and an import thread's own
 * connection both fit.
 */
export type WriteDeps = Pick<DatabaseHandle, 'db' | 'dialect'>;

export interface WriteOptions {
  /**
   * Longest wait for the user's lock in ms, or 0 to wait as long as it takes (a background import
   * must not fail because its user was saving something).
   */
  lockWaitMs?: number;
  /**
   * false: skip this process's in-memory queue and wait only on the database's lock. A long
   * background import does so: the user's requests behind it then meet the lock's bounded wait
   * (and a clear 503) instead of waiting in memory for as long as the import runs.
   */
  queue?: boolean;
}

/** Per database, the tail of each user's in-process queue of writes. */
const queues = new WeakMap<Kysely<Database>, Map<number, Promise<unknown>>>();

/**
 * Runs `work` in one transaction holding the user's write lock, after this process's earlier
 * writes of the same user. Never call it from inside another `writeAsUser` of the same user: the
 * inner call would wait for the outer one forever.
 */
export function writeAsUser<T>(
  deps: WriteDeps,
  userId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  if (options.queue === false) return withRetries(deps, userId, work, options);
  let byUser = queues.get(deps.db);
  if (!byUser) {
    byUser = new Map();
    queues.set(deps.db, byUser);
  }
  const previous = byUser.get(userId) ?? Promise.resolve();
  const result = previous.then(
    () => withRetries(deps, userId, work, options),
    () => withRetries(deps, userId, work, options),
  );
  // The queue keeps only the tail; the last write of a user removes its entry.
  const tail = result.catch(() => undefined);
  byUser.set(userId, tail);
  void tail.then(() => {
    if (byUser.get(userId) === tail) byUser.delete(userId);
  });
  return result;
}

async function withRetries<T>(
  deps: WriteDeps,
  userId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
  options: WriteOptions,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        if (deps.dialect === 'postgres') await lockUser(trx, userId, options.lockWaitMs ?? USER_LOCK_WAIT_MS);
        return work(trx);
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(postgresCode(error) ?? '')) throw error;
    }
  }
}

/** Takes the user's advisory lock for the rest of the transaction, waiting at most `waitMs`. */
async function lockUser(trx: Kysely<Database>, userId: number, waitMs: number): Promise<void> {
  // SET LOCAL ends with the transaction; lock_timeout makes a long wait fail with 55P03.
  await sql`select set_config('lock_timeout', ${`${waitMs}ms`}, true)`.execute(trx);
  await sql`select pg_advisory_xact_lock(${USER_WRITE_LOCK_CLASS}, ${userId})`.execute(trx);
}

/** The SQLSTATE of a PostgreSQL error, if it is one. */
export function postgresCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return undefined;
  return /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;
}

/** True for PostgreSQL's lock_timeout: the user's lock was held longer than a request waits. */
export function isLockTimeout(error: unknown): boolean {
  return postgresCode(error) === '55P03';
}

/**
 * True when an insert or update broke a unique index. The workflows check their "only one" rules
 * under the user's lock first; the indexes are the database's guarantee, and a conflict with one is
 * still answered with the rule's 422 by the caller, which knows which index its statement meets.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
