/**
 * Passkeys (issue 28; docs/DECISIONS.md #80): each person's WebAuthn credentials, and the
 * challenges handed out for adding one or signing in, each answered once within 5 minutes.
 * Deleting a person deletes their passkeys and challenges (the foreign keys cascade); a sign-in's
 * challenge belongs to nobody until it is answered, and old ones are swept when new ones are made.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    // A credential id is at most 1023 bytes: 1364 characters of base64url.
    .addColumn('credential_id', 'varchar(1400)', (col) => col.notNull().unique())
    .addColumn('public_key', 'text', (col) => col.notNull())
    // The signature counter is an unsigned 32-bit number, beyond PostgreSQL's integer.
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'varchar(200)', (col) => col.notNull())
    .addColumn('user_handle', 'varchar(128)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('user_handle', 'varchar(128)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('passkey_challenges_user').on('passkey_challenges').column('user_id').execute();
  await db.schema
    .createIndex('passkey_challenges_expiry')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
}
