/**
 * Push nudges (issue 30; docs/DECISIONS.md #103).
 *
 * - `push_subscriptions`: a person's devices that allowed notifications: the push service's
 *   endpoint (a capability URL) and the browser's keys the payload is encrypted to. One row per
 *   person and endpoint: a device subscribing again updates its keys.
 * - `users.push_quiet_start` / `push_quiet_end`: quiet hours in the person's time zone, 21:00 to
 *   08:00 unless changed; both null: none.
 * - `push_nudges`: the outbox. An import or a bank sync queues one in the transaction of its
 *   rows, naming the expenses it brought (`push_nudge_transactions`); any process sends a due
 *   nudge after taking its lease (`leased_until`), one statement that succeeds for one process.
 *   `delivered_to` lists the devices a retried nudge already reached; retries are spaced from
 *   `first_tried_at` (a nudge held overnight by quiet hours is first tried in the morning).
 * - `push_action_tokens`: a notification's feeling buttons, one token per device and purchase,
 *   kept as SHA-256, used once, until `expires_at`.
 */
import { type Kysely, sql } from 'kysely';
import { idColumn, type MigrationContext, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('endpoint', 'varchar(2000)', (col) => col.notNull())
    .addColumn('p256dh', 'varchar(100)', (col) => col.notNull())
    .addColumn('auth', 'varchar(40)', (col) => col.notNull())
    .addColumn('label', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_sent_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('push_subscriptions_once').on('push_subscriptions').columns(['user_id', 'endpoint']).unique().execute();

  await db.schema.alterTable('users').addColumn('push_quiet_start', 'varchar(5)', (col) => col.defaultTo('21:00')).execute();
  await db.schema.alterTable('users').addColumn('push_quiet_end', 'varchar(5)', (col) => col.defaultTo('08:00')).execute();

  await db.schema
    .createTable('push_nudges')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('leased_until', 'varchar(30)')
    .addColumn('first_tried_at', 'varchar(30)')
    .addColumn('delivered_to', 'varchar(300)', (col) => col.notNull())
    .addColumn('error', 'varchar(300)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .execute();
  // The sender's question: which pending nudges are due.
  await db.schema
    .createIndex('push_nudges_due')
    .on('push_nudges')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('push_nudges_user').on('push_nudges').column('user_id').execute();
  await db.schema.createIndex('push_nudges_book').on('push_nudges').column('book_id').execute();

  await db.schema
    .createTable('push_nudge_transactions')
    .addColumn('nudge_id', 'integer', (col) => col.notNull().references('push_nudges.id').onDelete('cascade'))
    .addColumn('transaction_id', 'integer', (col) => col.notNull().references('transactions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('push_nudge_transactions_pk', ['nudge_id', 'transaction_id'])
    .execute();
  await db.schema.createIndex('push_nudge_transactions_transaction').on('push_nudge_transactions').column('transaction_id').execute();

  await db.schema
    .createTable('push_action_tokens')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('transaction_id', 'integer', (col) => col.notNull().references('transactions.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_action_tokens_hash').on('push_action_tokens').column('token_hash').unique().execute();
  await db.schema.createIndex('push_action_tokens_user').on('push_action_tokens').column('user_id').execute();
  await db.schema.createIndex('push_action_tokens_age').on('push_action_tokens').column('expires_at').execute();
}
