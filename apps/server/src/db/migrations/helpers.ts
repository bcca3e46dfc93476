/** Column shapes that differ between SQLite and PostgreSQL, so migrations read the same on both. */
import type SQLite from 'better-sqlite3';
import type { ColumnBuilderCallback, ColumnDataType } from 'kysely';
import type { DialectName } from '../connection';

export interface MigrationContext {
  dialect: DialectName;
  /** The SQLite connection itself, for the schema changes Kysely cannot make (migration 0028). */
  sqlite?: SQLite.Database | undefined;
}

type ColumnArgs = [ColumnDataType, ColumnBuilderCallback];

/** Integer primary key that the database numbers itself. */
export function idColumn(ctx: MigrationContext): ColumnArgs {
  return ctx.dialect === 'postgres'
    ? ['serial', (col) => col.primaryKey()]
    : ['integer', (col) => col.primaryKey().autoIncrement()];
}

/** `user_id` of a row the user owns: deleting the user deletes the row (spec: delete account). */
export function userIdColumn(): ColumnArgs {
  return ['integer', (col) => col.notNull().references('users.id').onDelete('cascade')];
}
