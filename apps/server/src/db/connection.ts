/** Opens the database the configuration names: embedded SQLite by default, PostgreSQL by URL. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema the tables live in; migrations keep their bookkeeping tables there too. */
  schema?: string;
  close(): Promise<void>;
}

export interface ConnectionOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir; `:memory:` for a throwaway database. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
}

/** Opens a connection pool (PostgreSQL) or the database file (SQLite, WAL, foreign keys on). */
export function openDatabase(options: ConnectionOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  return openSqlite(options.dataDir, options.sqliteFile ?? 'mindspend.db');
}

function openSqlite(dataDir: string, fileName: string): DatabaseHandle {
  const inMemory = fileName === ':memory:';
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(inMemory ? ':memory:' : path.join(dataDir, fileName));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with NORMAL sync is durable across application crashes and much faster than FULL.
  sqlite.pragma('synchronous = NORMAL');
  // The default page cache is 2 MB; a ledger of hundreds of thousands of rows is tens of MB, and
  // a month read touches pages spread across it. A larger cache and memory-mapped reads keep
  // them out of read(2) calls; sorts of a month's rows stay in memory.
  sqlite.pragma('cache_size = -32768');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

// Cents live in BIGINT columns and sums come back as NUMERIC; both stay far below 2^53, so
// read them as numbers instead of pg's default strings.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

function openPostgres(url: string, schema: string | undefined): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  if (schema) {
    pool.on('connect', (client) => {
      void client.query(`SET search_path TO "${schema}"`);
    });
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema: schema ?? 'public', close: () => db.destroy() };
}
