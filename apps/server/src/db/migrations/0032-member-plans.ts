/**
 * Purpose targets and month-end reflections are each member's own (issue 25; docs/DECISIONS.md
 * #78): a row names the member as well as the book, and a book holds one set of targets and one
 * reflection per month for each member. Existing rows are their book's owner's: in a personal
 * book its person, in a shared book the member who owns it now.
 */
import { type Kysely, sql } from 'kysely';

const OWNER_OF_BOOK = (table: 'purpose_targets' | 'month_reflections') =>
  sql`(SELECT m.user_id FROM book_members m WHERE m.book_id = ${sql.table(table)}.book_id AND m.role = 'owner')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['purpose_targets', 'month_reflections'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
      .execute();
    await sql`UPDATE ${sql.table(table)} SET user_id = ${OWNER_OF_BOOK(table)}`.execute(db);
  }
  await db.schema.dropIndex('purpose_targets_user').execute();
  await db.schema.createIndex('purpose_targets_member').on('purpose_targets').columns(['book_id', 'user_id']).unique().execute();
  await db.schema.dropIndex('month_reflections_user_month').execute();
  await db.schema
    .createIndex('month_reflections_member_month')
    .on('month_reflections')
    .columns(['book_id', 'user_id', 'year', 'month'])
    .unique()
    .execute();
}
