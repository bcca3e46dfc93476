/**
 * Hot reads that skip Kysely's driver on SQLite (docs/DECISIONS.md #67, #68): the query is still
 * built and compiled by Kysely, but run straight on better-sqlite3's connection.
 *
 * - `selectRowArrays`: rows as arrays of column values, in the query's column order. better-sqlite3
 *   builds a row object key by key, which for a month's thousands of rows costs about as much
 *   again as SQLite's own work; its raw mode hands back arrays, and the caller builds each row
 *   once, as an object literal of one fixed shape.
 * - `selectFirstRow`: the first row of a lookup made on every request (the sign-in), without the
 *   driver's connection hand-over and promise chain around a statement of a few microseconds.
 *
 * Straight on the connection only while no transaction is open on it: Kysely runs every statement
 * of a transaction on SQLite's one connection, and another request reading in between would see
 * writes that are not committed yet (and may be rolled back). Then, and on PostgreSQL, the same
 * compiled query goes through Kysely as every other query does — except `selectFirstRow` on
 * PostgreSQL, which runs as a named prepared statement of the pool's own: PostgreSQL plans an
 * unnamed statement on every run, and planning the sign-in lookup's joins (0.5 ms) cost more than
 * running it (0.07 ms), a fifth of a reused answer's time (docs/PERFORMANCE.md, "Books as the
 * tenant").
 */
import type SQLite from 'better-sqlite3';
import type { QueryResultRow } from 'pg';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';
import { pgPoolOf } from './connection';
import { sqliteConnectionOf } from './sqlite-database';

/** Distinct SQL texts kept prepared per connection and mode (filters make a few variants). */
const MAX_STATEMENTS = 100;

type Mode = 'arrays' | 'objects';

const prepared = new WeakMap<SQLite.Database, Record<Mode, Map<string, SQLite.Statement>>>();

function statementFor(connection: SQLite.Database, sql: string, mode: Mode): SQLite.Statement {
  let byMode = prepared.get(connection);
  if (!byMode) {
    byMode = { arrays: new Map(), objects: new Map() };
    prepared.set(connection, byMode);
  }
  const statements = byMode[mode];
  const known = statements.get(sql);
  // A statement still iterating a streamed result cannot run again until it finishes.
  if (known && !known.busy) return known;
  const statement = connection.prepare(sql);
  if (mode === 'arrays') statement.raw(true);
  if (!known) {
    statements.set(sql, statement);
    if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
  }
  return statement;
}

/** The SQLite connection to read straight from now, if any (never inside an open transaction). */
function directConnection(db: Kysely<Database>): SQLite.Database | undefined {
  const connection = sqliteConnectionOf(db);
  return connection && !connection.inTransaction ? connection : undefined;
}

/**
 * Runs `read` straight on the connection; undefined when it cannot now: a transaction is open, or
 * SQLite answers busy (a reader can, briefly, while another connection resets the write-ahead
 * log), which the waiting driver's retries handle on the Kysely path.
 */
function direct<T>(db: Kysely<Database>, read: (connection: SQLite.Database) => T): { value: T } | undefined {
  const connection = directConnection(db);
  if (!connection) return undefined;
  try {
    return { value: read(connection) };
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY')) return undefined;
    throw error;
  }
}

export async function selectRowArrays(db: Kysely<Database>, query: CompiledQuery): Promise<unknown[][]> {
  const read = direct(db, (connection) => statementFor(connection, query.sql, 'arrays').all(query.parameters) as unknown[][]);
  if (read) return read.value;
  const { rows } = await db.executeQuery<Record<string, unknown>>(query);
  // A row object's keys are its columns in the query's order: none is an integer-like name, which
  // JavaScript would move to the front.
  return rows.map((row) => Object.values(row));
}

/** Names of the SQL texts prepared on PostgreSQL connections: each connection prepares a name once. */
const preparedNames = new Map<string, string>();

function preparedName(sqlText: string): string {
  let name = preparedNames.get(sqlText);
  if (!name) {
    name = `mindspend_lookup_${preparedNames.size + 1}`;
    preparedNames.set(sqlText, name);
  }
  return name;
}

export async function selectFirstRow<Row>(db: Kysely<Database>, query: CompiledQuery<Row>): Promise<Row | undefined> {
  const read = direct(db, (connection) => statementFor(connection, query.sql, 'objects').get(query.parameters) as Row | undefined);
  if (read) return read.value;
  const pool = pgPoolOf(db);
  if (pool) {
    const { rows } = await pool.query<Row & QueryResultRow>({ name: preparedName(query.sql), text: query.sql, values: [...query.parameters] });
    return rows[0];
  }
  const { rows } = await db.executeQuery<Row>(query);
  return rows[0];
}
