/**
 * Rows of a hot read as arrays of column values, in the query's column order
 * (docs/DECISIONS.md #67). better-sqlite3 builds a row object key by key, which for a month's
 * thousands of rows costs about as much again as SQLite's own work; its raw mode hands back arrays,
 * and the caller builds each row once, as an object literal of one fixed shape.
 *
 * On SQLite the statement runs straight on the connection, but only while no transaction is open
 * on it: Kysely runs every statement of a transaction on that one connection, and another request
 * reading in between would see writes that are not committed yet (and may be rolled back). Then,
 * and on PostgreSQL, the query goes through Kysely as every other query does, its row objects
 * turned into the same arrays. Both paths run the same compiled SQL with the same parameters.
 */
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';
import { sqliteConnectionOf } from './sqlite-database';

/** Distinct SQL texts kept prepared in raw mode per connection (filters make a few variants). */
const MAX_STATEMENTS = 100;

const rawStatements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function rawStatement(connection: SQLite.Database, sql: string): SQLite.Statement {
  let statements = rawStatements.get(connection);
  if (!statements) {
    statements = new Map();
    rawStatements.set(connection, statements);
  }
  const known = statements.get(sql);
  // A statement still iterating a streamed result cannot run again until it finishes.
  if (known && !known.busy) return known;
  const statement = connection.prepare(sql).raw(true);
  if (!known) {
    statements.set(sql, statement);
    if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
  }
  return statement;
}

export async function selectRowArrays(db: Kysely<Database>, query: CompiledQuery): Promise<unknown[][]> {
  const connection = sqliteConnectionOf(db);
  if (connection && !connection.inTransaction) {
    return rawStatement(connection, query.sql).all(query.parameters) as unknown[][];
  }
  const { rows } = await db.executeQuery<Record<string, unknown>>(query);
  // A row object's keys are its columns in the query's order: none is an integer-like name, which
  // JavaScript would move to the front.
  return rows.map((row) => Object.values(row));
}
