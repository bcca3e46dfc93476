/**
 * A book's own categories (issue 34; DECISIONS.md #98). The default tree stays shared reference
 * data (`book_id` null, fixed ids below 1000); a book may add categories and sub-categories of its
 * own (`book_id` set), as the switching importers do for an app's categories that Mindspend does
 * not have. Every read of the tree and every check of a sub-category id sees the shared rows and
 * the book's own, never another book's. Deleting the book deletes its categories.
 *
 * The shared rows were inserted with their ids; a book's rows are numbered by the database
 * (PostgreSQL: a new sequence from 1000; SQLite numbers an INTEGER PRIMARY KEY after the largest).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

const FIRST_BOOK_ID = 1000;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  for (const table of ['categories', 'subcategories'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('book_id', 'integer', (col) => col.references('books.id').onDelete('cascade'))
      .execute();
    if (ctx.dialect === 'postgres') {
      const sequence = sql.id(`${table}_id_seq`);
      await sql`CREATE SEQUENCE ${sequence} START WITH ${sql.lit(FIRST_BOOK_ID)} OWNED BY ${sql.id(table, 'id')}`.execute(db);
      await sql`ALTER TABLE ${sql.id(table)} ALTER COLUMN id SET DEFAULT nextval(${sql.lit(`${table}_id_seq`)})`.execute(db);
    }
  }
  await db.schema.createIndex('categories_one_name_per_book').on('categories').columns(['book_id', 'type', 'name']).unique().where(sql.ref('book_id'), 'is not', null).execute();
  await db.schema.createIndex('subcategories_one_name_per_category').on('subcategories').columns(['category_id', 'name']).unique().where(sql.ref('book_id'), 'is not', null).execute();
}
