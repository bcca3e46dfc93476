/**
 * SQLite for a database file with a second writer: an import runs in a worker thread with its own
 * connection (modules/imports/sqlite-import.thread.ts) and holds SQLite's write lock for seconds.
 * better-sqlite3 is synchronous, so if this connection let SQLite's busy_timeout wait for that
 * lock, the whole event loop — every request of every user — would freeze while it waits. So the
 * server's connection runs with busy_timeout 0 and this driver waits on timers instead:
 *
 * - transactions begin with BEGIN IMMEDIATE, which takes the write lock up front, so a statement
 *   inside a transaction never finds the database busy half-way;
 * - a statement that finds the database busy is tried again after a short pause, but only outside
 *   a transaction, where it failed whole and a retry is safe (BEGIN IMMEDIATE itself is such a
 *   statement);
 * - during the pause the connection serves other queries, so reads go on while a write waits;
 * - after the deadline the SQLITE_BUSY error is thrown, as busy_timeout would.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';

/** How long a write waits for another connection's write lock before it fails. */
export const BUSY_DEADLINE_MS = 10_000;
const FIRST_PAUSE_MS = 1;
const LONGEST_PAUSE_MS = 20;

/** How the one connection is being used right now (the /metrics pool gauges read it). */
export interface ConnectionUse {
  /** 1 while a query or transaction holds the connection. */
  inUse: number;
  /** Queries waiting for the connection. */
  waiting: number;
}

export interface WaitingSqliteOptions {
  /** Kept up to date with the connection's use (default: a private one). */
  use?: ConnectionUse;
  /** Overrides BUSY_DEADLINE_MS (tests). */
  deadlineMs?: number;
  /** What Kysely prepares statements on, e.g. a statement cache over the connection (default: the connection). */
  statements?: SqliteDatabase;
}

/** Kysely's SqliteDialect with the waiting driver. */
export class WaitingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SQLite.Database,
    private readonly options: WaitingSqliteOptions = {},
  ) {
    super({ database: options.statements ?? database });
  }

  override createDriver(): Driver {
    return new WaitingSqliteDriver(
      this.database,
      this.options.statements ?? this.database,
      this.options.deadlineMs ?? BUSY_DEADLINE_MS,
      this.options.use ?? { inUse: 0, waiting: 0 },
    );
  }
}

class WaitingSqliteDriver extends SqliteDriver {
  constructor(
    /** The connection itself: it knows whether a transaction is open. */
    private readonly database: SQLite.Database,
    statements: SqliteDatabase,
    private readonly deadlineMs: number,
    private readonly use: ConnectionUse,
  ) {
    super({ database: statements });
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.use.waiting += 1;
    try {
      const connection = await super.acquireConnection();
      this.use.inUse = 1;
      return new WaitingConnection(connection, this);
    } finally {
      this.use.waiting -= 1;
    }
  }

  override async releaseConnection(): Promise<void> {
    this.use.inUse = 0;
    await super.releaseConnection();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /** Runs one query on the shared connection, pausing and retrying while a retry is safe. */
  async run<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + this.deadlineMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      try {
        return await connection.executeQuery<R>(query);
      } catch (error) {
        if (!isBusy(error) || this.database.inTransaction || Date.now() + pause > deadline) throw error;
      }
      // Kysely's SQLite driver has one connection behind a mutex: hand it to other queries meanwhile.
      await super.releaseConnection();
      await new Promise((resolve) => setTimeout(resolve, pause));
      await super.acquireConnection();
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}

/** The driver's one connection, with every query going through WaitingSqliteDriver.run. */
class WaitingConnection implements DatabaseConnection {
  constructor(
    private readonly connection: DatabaseConnection,
    private readonly driver: WaitingSqliteDriver,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run<R>(this.connection, query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }
}

/** SQLITE_BUSY and its extended codes: another connection holds the lock this statement needs. */
function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');
}
