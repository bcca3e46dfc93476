/** Opens the database the configuration names: embedded SQLite by default, PostgreSQL by URL. */
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPrivateFile, makePrivateDir } from '../lib/private-files';
import type { Database } from './schema';
import { openSqliteDatabase } from './sqlite-database';
import type { ConnectionUse } from './waiting-sqlite-dialect';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema the tables live in; migrations keep their bookkeeping tables there too. */
  schema?: string;
  /** Connections open, idle and waited for right now (the /metrics pool gauges). */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

/** A PostgreSQL pool's counts; SQLite's one connection counts as a pool of one. */
export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface ConnectionOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir; `:memory:` for a throwaway database. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
  /** A serialized SQLite database to start a `:memory:` one from (sqlite-database.ts). */
  sqliteImage?: Buffer;
}

/** Opens a connection pool (PostgreSQL) or the database file (SQLite, WAL, foreign keys on). */
export function openDatabase(options: ConnectionOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  return openSqlite(options.dataDir, options.sqliteFile ?? 'mindspend.db', options.sqliteImage);
}

/** The pool behind each PostgreSQL Kysely this module opened (direct-reads.ts). */
const pgPools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The connection pool of a PostgreSQL Kysely opened here; undefined for SQLite. */
export function pgPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pgPools.get(db);
}

/** The file behind each SQLite Kysely this module opened; in-memory databases have none. */
const sqliteFiles = new WeakMap<Kysely<Database>, string>();

/**
 * The database file of a SQLite Kysely opened here, for a worker thread to open a connection of
 * its own to; undefined for PostgreSQL and in-memory SQLite (nothing else can open those).
 */
export function sqliteFileOf(db: Kysely<Database>): string | undefined {
  return sqliteFiles.get(db);
}

function openSqlite(dataDir: string, fileName: string, image: Buffer | undefined): DatabaseHandle {
  const inMemory = fileName === ':memory:';
  const file = inMemory ? ':memory:' : path.resolve(dataDir, fileName);
  if (!inMemory) {
    // Owner-only, before SQLite would create it under the umask (world-readable as a rule).
    makePrivateDir(dataDir);
    createPrivateFile(file);
  }
  // This thread answers every request: it must never block waiting for an import thread's write
  // lock, so SQLite waits 0 ms and the waiting driver retries on timers (waiting-sqlite-dialect.ts).
  const use: ConnectionUse = { inUse: 0, waiting: 0 };
  const db = openSqliteDatabase(file, { busyTimeoutMs: 0, use, ...(inMemory && image && { image }) });
  if (!inMemory) sqliteFiles.set(db, file);
  const poolUse = () => ({ total: 1, idle: 1 - use.inUse, waiting: use.waiting });
  return { db, dialect: 'sqlite', poolUse, close: () => db.destroy() };
}

// Cents live in BIGINT columns and sums come back as NUMERIC; both stay far below 2^53, so
// read them as numbers instead of pg's default strings.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

function openPostgres(url: string, schema: string | undefined): DatabaseHandle {
  // The ledger's working set is in memory or on SSD, where a random read costs about what a
  // sequential one does. With PostgreSQL's default of 4 the planner joined a month's expenses to
  // their split lines by reading all 200,000 split lines (26 ms) rather than 2,925 covering-index
  // lookups (7 ms) (docs/DECISIONS.md #67). A URL's own `options` parameter still wins.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c random_page_cost=1.1' });
  // A connection PostgreSQL closes (restarted, stopped, a network cut) emits 'error', and an
  // 'error' event nobody listens to ends the process: the pool's for an idle connection, the
  // connection's own for one in use. The query in flight fails on its own, pg drops the broken
  // connection from the pool, and the next query opens a new one or fails, which its request (and
  // GET /api/ready) reports; the process lives on to serve once the database is back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  if (schema) {
    pool.on('connect', (client) => {
      void client.query(`SET search_path TO "${schema}"`);
    });
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pgPools.set(db, pool);
  const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, dialect: 'postgres', schema: schema ?? 'public', poolUse, close: () => db.destroy() };
}
