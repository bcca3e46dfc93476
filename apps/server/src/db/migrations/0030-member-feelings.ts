/**
 * Each member's own feelings in a shared book (issue 25; docs/DECISIONS.md #76). A personal book
 * has one member, whose feelings stay the transaction's own columns (`emotion`, `second_feeling`,
 * read from the covering indexes of migrations 0022 and 0027). In a shared book every member
 * records their own: one row here per member and transaction, and the transaction's columns stay
 * empty. Leaving a book deletes the member's rows there; deleting a transaction or the person
 * deletes theirs.
 *
 * A change of anyone's feeling bumps the book's data and feelings revisions (the answer cache and
 * the regret index, DECISIONS.md #22), as a change of a transaction's own feeling does.
 */
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('member_feelings')
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('transaction_id', 'integer', (col) => col.notNull().references('transactions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emotion', 'varchar(20)')
    .addColumn('second_feeling', 'varchar(20)')
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('member_feelings_pk', ['transaction_id', 'user_id'])
    .execute();
  // A member's feelings in a book (leaving it, their regret figures); the primary key serves a transaction's.
  await db.schema.createIndex('member_feelings_member').on('member_feelings').columns(['book_id', 'user_id', 'transaction_id']).execute();

  const bump = (row: 'NEW' | 'OLD') =>
    sql.raw(`UPDATE books SET data_revision = data_revision + 1, feelings_revision = feelings_revision + 1 WHERE id = ${row}.book_id;`);
  if (ctx.dialect === 'postgres') {
    await sql`
      CREATE FUNCTION bump_member_feelings_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN ${bump('OLD')} RETURN OLD; END IF;
        ${bump('NEW')} RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER member_feelings_revision AFTER INSERT OR UPDATE OR DELETE ON member_feelings
      FOR EACH ROW EXECUTE FUNCTION bump_member_feelings_revision()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER member_feelings_revision_insert AFTER INSERT ON member_feelings BEGIN ${bump('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER member_feelings_revision_update AFTER UPDATE ON member_feelings BEGIN ${bump('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER member_feelings_revision_delete AFTER DELETE ON member_feelings BEGIN ${bump('OLD')} END`.execute(db);
}
