/**
 * Single sign-on with OpenID Connect (issue 28; docs/DECISIONS.md #81): the provider identities
 * linked to each person, the sign-ins under way at the provider (state, nonce and PKCE verifier,
 * kept here and used once), and the short-lived hand-over codes that give the web app its
 * session. Nothing is added to `users`: an account without a password is marked in its hash
 * (lib/passwords.ts), as a new column would break the sign-in lookup PostgreSQL keeps prepared in
 * processes still running the old code during a rolling upgrade.
 */
import type { Kysely } from 'kysely';
import { userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('issuer', 'varchar(500)', (col) => col.notNull())
    // OpenID Connect caps `sub` at 255 ASCII characters.
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('user_id', ...userIdColumn())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_used_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('oidc_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('oidc_identities_user').on('oidc_identities').column('user_id').execute();

  await db.schema
    .createTable('oidc_states')
    .addColumn('state_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('nonce', 'varchar(128)', (col) => col.notNull())
    .addColumn('code_verifier', 'varchar(128)', (col) => col.notNull())
    .addColumn('invitation_hash', 'varchar(64)')
    .addColumn('timezone', 'double precision', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('oidc_handovers')
    .addColumn('code_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', ...userIdColumn())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('issuer', 'varchar(500)', (col) => col.notNull())
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('oidc_handovers_user').on('oidc_handovers').column('user_id').execute();
}
