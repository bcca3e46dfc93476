/**
 * The one rule for writes (docs/concurrent-writes.md): every workflow that changes a book's data
 * runs inside `writeInBook` (book-scope.ts), and every one that changes a person's own rows
 * (sessions, tokens, two-factor, billing) inside `writeAsUser`. Each makes one owner's writes run
 * one at a time on any number of server processes while different owners run in parallel; this
 * file is the machinery both share.
 *
 * - In this process, an owner's writes queue in memory, so a burst of one owner's requests holds at
 *   most one pooled connection and never starves the others of the pool.
 * - Across processes, the transaction first takes the owner's PostgreSQL advisory lock
 *   (`pg_advisory_xact_lock`, released at commit or rollback). SQLite needs none: BEGIN IMMEDIATE
 *   (waiting-sqlite-dialect.ts) already lets one writer in at a time.
 * - The workflow reads what it checks and merges (the row it edits, "is the account empty?",
 *   "does this sub-category already have a budget?") inside the same transaction, after the lock,
 *   so no other write of the same owner can slip in between the read and the write.
 * - Serialization failures and deadlocks cannot come from the lock itself, but a statement may
 *   still meet one (e.g. a foreign key check against a row another user's transaction changes):
 *   the whole workflow is then retried, a bounded number of times.
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './connection';
import type { Database } from './schema';

/**
 * First key of the two-key advisory lock: which kind of owner the second key names, a user ("MSuw")
 * or a book ("MSbk"), so user 7 and book 7 never share a lock.
 */
export const LOCK_CLASS = { user: 0x4d537577, book: 0x4d53626b } as const;
export type LockClass = keyof typeof LOCK_CLASS;
/** How long a write waits for the owner's lock before it answers busy (as SQLite's busy deadline). */
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
   * Longest wait for the owner's lock in ms, or 0 to wait as long as it takes (a background import
   * must not fail because someone was saving something in its book).
   */
  lockWaitMs?: number;
  /**
   * false: skip this process's in-memory queue and wait only on the database's lock. A long
   * background import does so: the book's requests behind it then meet the lock's bounded wait
   * (and a clear 503) instead of waiting in memory for as long as the import runs.
   */
  queue?: boolean;
}

/** Per database, the tail of each owner's in-process queue of writes, keyed "book:7" or "user:7". */
const queues = new WeakMap<Kysely<Database>, Map<string, Promise<unknown>>>();

/**
 * Runs `work` in one transaction holding the owner's write lock, after this process's earlier
 * writes of the same owner. Never call it from inside another locked write of the same owner: the
 * inner call would wait for the outer one forever.
 */
export function writeLocked<T>(
  deps: WriteDeps,
  lockClass: LockClass,
  ownerId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  const run = () => withRetries(deps, lockClass, ownerId, work, options);
  if (options.queue === false) return run();
  let byOwner = queues.get(deps.db);
  if (!byOwner) {
    byOwner = new Map();
    queues.set(deps.db, byOwner);
  }
  const queueKey = `${lockClass}:${ownerId}`;
  const previous = byOwner.get(queueKey) ?? Promise.resolve();
  const result = previous.then(run, run);
  // The queue keeps only the tail; the last write of an owner removes its entry.
  const tail = result.catch(() => undefined);
  byOwner.set(queueKey, tail);
  void tail.then(() => {
    if (byOwner.get(queueKey) === tail) byOwner.delete(queueKey);
  });
  return result;
}

/** Runs `work` holding the user's own write lock: for the rows that belong to a person. */
export function writeAsUser<T>(
  deps: WriteDeps,
  userId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  return writeLocked(deps, 'user', userId, work, options);
}

async function withRetries<T>(
  deps: WriteDeps,
  lockClass: LockClass,
  ownerId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
  options: WriteOptions,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        if (deps.dialect === 'postgres') await lockOwner(trx, lockClass, ownerId, options.lockWaitMs ?? USER_LOCK_WAIT_MS);
        return work(trx);
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(postgresCode(error) ?? '')) throw error;
    }
  }
}

/** Takes the owner's advisory lock for the rest of the transaction, waiting at most `waitMs`. */
async function lockOwner(trx: Kysely<Database>, lockClass: LockClass, ownerId: number, waitMs: number): Promise<void> {
  // SET LOCAL ends with the transaction; lock_timeout makes a long wait fail with 55P03.
  await sql`select set_config('lock_timeout', ${`${waitMs}ms`}, true)`.execute(trx);
  await sql`select pg_advisory_xact_lock(${LOCK_CLASS[lockClass]}, ${ownerId})`.execute(trx);
}

/** The SQLSTATE of a PostgreSQL error, if it is one. */
export function postgresCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return undefined;
  return /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;
}

/** True for PostgreSQL's lock_timeout: the owner's lock was held longer than a request waits. */
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
