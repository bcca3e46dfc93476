/**
 * `personal_access_tokens`: tokens a user creates in Settings for scripts (DECISIONS.md #39). They
 * live apart from the sign-in tokens of `api_tokens` because they differ in kind: a name, a scope
 * (`read` or `write`), when they were last used, and no part in signing in or out. Like sign-in
 * tokens, only the SHA-256 of each is stored.
 */
import { type Kysely, sql } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('scope', 'varchar(5)', (col) => col.notNull().check(sqlScopeCheck()))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .execute();
  // The Settings list reads a user's tokens.
  await db.schema
    .createIndex('personal_access_tokens_user')
    .on('personal_access_tokens')
    .column('user_id')
    .execute();
}

function sqlScopeCheck() {
  return sql`scope in ('read', 'write')`;
}
