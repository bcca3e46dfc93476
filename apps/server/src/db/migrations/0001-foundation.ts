/** Users, their tokens and password resets, subscriptions, contact messages, outbox, notifications. */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('plan', 'varchar(20)', (col) => col.notNull().defaultTo('free'))
    .addColumn('stripe_id', 'varchar(255)')
    .addColumn('timezone', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('finished_budget_suggestions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_user_id').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan', 'varchar(20)', (col) => col.notNull())
    .addColumn('provider', 'varchar(20)', (col) => col.notNull())
    .addColumn('provider_ref', 'varchar(255)', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('promo_code', 'varchar(64)')
    .addColumn('current_period_end', 'varchar(30)', (col) => col.notNull())
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('reason', 'varchar(40)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_user_id').on('contact_messages').column('user_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('to_address', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('outbox_user_id').on('outbox').column('user_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('title', 'varchar(255)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('read_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_id').on('notifications').column('user_id').execute();
}
