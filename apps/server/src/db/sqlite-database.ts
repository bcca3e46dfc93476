/**
 * Opens a SQLite connection with the pragmas every connection to the database file uses: the
 * server's own and an import thread's (modules/imports/sqlite-import.thread.ts).
 */
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';
import { type ConnectionUse, WaitingSqliteDialect } from './waiting-sqlite-dialect';

export interface SqliteOptions {
  /**
   * How long SQLite itself blocks this thread waiting for another connection's write lock. The
   * server's thread uses 0 and lets WaitingSqliteDialect wait on timers; a worker thread that
   * serves no requests can block.
   */
  busyTimeoutMs: number;
  /** Kept up to date with how the connection is used (the server's /metrics reads it). */
  use?: ConnectionUse;
  /**
   * An in-memory database's starting content, as better-sqlite3's `serialize()` gave it: the API
   * tests copy one migrated database instead of migrating each anew (test/test-app.ts).
   */
  image?: Buffer;
}

/**
 * The better-sqlite3 connection behind each Kysely opened here, for the few hot reads that take
 * their rows as arrays straight from it (db/direct-reads.ts, docs/DECISIONS.md #67).
 */
const connections = new WeakMap<Kysely<Database>, SQLite.Database>();

/** The connection behind a SQLite Kysely opened here (or shared with one); undefined otherwise. */
export function sqliteConnectionOf(db: Kysely<Database>): SQLite.Database | undefined {
  return connections.get(db);
}

/**
 * Lets `derived` (the same database with a plugin, e.g. the bench's query recorder) read straight
 * from `original`'s connection too; Kysely's `withPlugin` makes a new instance.
 */
export function shareSqliteConnection(original: Kysely<Database>, derived: Kysely<Database>): void {
  const connection = connections.get(original);
  if (connection) connections.set(derived, connection);
}

/** Opens `file` (or `:memory:`), in WAL mode with foreign keys on and deleted content zeroed. */
export function openSqliteDatabase(file: string, options: SqliteOptions): Kysely<Database> {
  const sqlite = new SQLite(options.image ?? file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // A deleted row's bytes are overwritten with zeros instead of lingering in free pages, so a
  // deleted account's text cannot be read back from the file (issue 12). Per connection.
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
  // WAL with NORMAL sync is durable across application crashes and much faster than FULL.
  sqlite.pragma('synchronous = NORMAL');
  // The default page cache is 2 MB; a ledger of hundreds of thousands of rows is tens of MB, and
  // a month read touches pages spread across it. A larger cache and memory-mapped reads keep
  // them out of read(2) calls; sorts of a month's rows stay in memory.
  sqlite.pragma('cache_size = -32768');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  const dialect = new WaitingSqliteDialect(sqlite, {
    statements: withStatementCache(sqlite),
    ...(options.use && { use: options.use }),
  });
  const db = new Kysely<Database>({ dialect });
  connections.set(db, sqlite);
  return db;
}
