/**
 * Kysely's SQLite driver prepares every query afresh. Preparing (parsing and planning the SQL)
 * costs about twice as much as running the sign-in lookup each request makes, so the connection
 * keeps its most recently used prepared statements and hands them out again for the same SQL.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept; lists of ids make some texts vary, so the cache is bounded. */
const MAX_STATEMENTS = 500;

export function withStatementCache(database: SQLite.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      // A statement still iterating a streamed result cannot run again until it finishes.
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
