/**
 * Outbound webhooks (issue 35; docs/DECISIONS.md #94).
 *
 * - `webhooks`: a book's receivers: the URL, the events it wants (a comma list of names), its
 *   signing secret sealed at rest, and whether it sends. Deleting the book deletes them; deleting
 *   the member who made one keeps it, since it is the book's (an owner manages it).
 * - `webhook_deliveries`: the outbox and the delivery log in one. A write that causes an event
 *   inserts its deliveries in the same transaction, so an event is never lost to a crash between
 *   the write and the send, and a rolled-back write sends nothing. Any process sends a due
 *   delivery after taking its lease (`leased_until`), one statement that succeeds for one
 *   process only.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('url', 'varchar(2000)', (col) => col.notNull())
    .addColumn('events', 'varchar(200)', (col) => col.notNull())
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('disabled_reason', 'varchar(300)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhooks_book').on('webhooks').column('book_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('webhook_id', 'integer', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('event', 'varchar(40)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('leased_until', 'varchar(30)')
    .addColumn('response_status', 'integer')
    .addColumn('error', 'varchar(300)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('delivered_at', 'varchar(30)')
    .execute();
  // The sender's question: which pending deliveries are due, oldest first.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // A webhook's log, newest first.
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_book').on('webhook_deliveries').column('book_id').execute();
}
