/**
 * Private accounts (issue 25; docs/DECISIONS.md #84): an account of a shared book can be private to
 * the member who added it, and only they may make it so, hence both columns. `private_user_id`
 * goes with its person: deleting a user deletes their private accounts (the users service ends
 * their transfers first; the cascade is the backstop that never leaves one visible to others).
 * Accounts added before this migration have no known creator.
 *
 * A notification can be one member's (`notifications.user_id`): the regret radar's and the regret
 * caps' notices are drawn from one member's feelings and purchases, private accounts included, so
 * they are that member's to read, not the whole book's. Null: the book's, as every notice before.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('private_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('created_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .execute();
}
