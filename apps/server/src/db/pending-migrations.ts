/**
 * Which of this build's migrations the database has not applied, in two light queries: GET
 * /api/ready asks on every poll of a load balancer, where Kysely's own Migrator.getMigrations
 * introspects every table of every schema first.
 */
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { DatabaseHandle } from './connection';
import { MIGRATION_NAMES, type MigrationName } from './migrate';

/** Whether Kysely's bookkeeping table exists yet (it does not before the first migration). */
async function migrationTableExists(handle: DatabaseHandle): Promise<boolean> {
  const table = DEFAULT_MIGRATION_TABLE;
  const query =
    handle.dialect === 'postgres'
      ? sql<{ found: number }>`select 1 as found from information_schema.tables
          where table_schema = ${handle.schema ?? 'public'} and table_name = ${table}`
      : sql<{ found: number }>`select 1 as found from sqlite_master where type = 'table' and name = ${table}`;
  const { rows } = await query.execute(handle.db);
  return rows.length > 0;
}

/** The migrations of this build not applied to the database, in order; throws when it does not answer. */
export async function pendingMigrations(handle: DatabaseHandle): Promise<MigrationName[]> {
  if (!(await migrationTableExists(handle))) return [...MIGRATION_NAMES];
  const table =
    handle.dialect === 'postgres'
      ? sql.table(`${handle.schema ?? 'public'}.${DEFAULT_MIGRATION_TABLE}`)
      : sql.table(DEFAULT_MIGRATION_TABLE);
  const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(handle.db);
  const applied = new Set(rows.map((row) => row.name));
  return MIGRATION_NAMES.filter((name) => !applied.has(name));
}
