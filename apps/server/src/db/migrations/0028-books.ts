/**
 * Books (issue 25; docs/DECISIONS.md #73): the tenant of every row of money data is a *book*, no
 * longer a user. A book has members with a role; every user has a personal book, and may belong to
 * several.
 *
 * - `books` and `book_members` are created, and each existing user gets a personal book with the
 *   user's own id (so every existing row already names the right book), owned by that user. Later
 *   books take ids from the table's own sequence, past the largest user id.
 * - The tenant column of every book-owned table is renamed `user_id` → `book_id` and its foreign
 *   key now points at `books` (deleting a book deletes its rows). Renaming keeps every row, index
 *   and unique rule as it was: no row is copied.
 * - An import job remembers who queued it (`created_by`): its rows are written as that member's,
 *   who must still be allowed to write in the book when the job runs.
 * - `data_revision` and `feelings_revision` move from `users` to `books`, and the triggers that bump
 *   them (migrations 0008, 0021, 0022, 0025) now bump the book's.
 *
 * Tables that belong to a person stay keyed by `user_id`: sessions, personal tokens, two-factor
 * codes, password resets, subscriptions, contact messages, the outbox and reflection e-mails.
 */
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers';

/** Tables whose rows belong to a book; their `user_id` becomes `book_id`. */
export const BOOK_TABLES_0028 = [
  'accounts',
  'account_balances',
  'entities',
  'transactions',
  'transaction_splits',
  'transfers',
  'transfer_dismissals',
  'budgets',
  'budget_months',
  'budget_rollover_changes',
  'budget_regret_alerts',
  'import_jobs',
  'import_mappings',
  'income_sources',
  'goals',
  'linked_institutions',
  'linked_accounts',
  'purpose_targets',
  'month_reflections',
  'rules',
  'notifications',
] as const;

/** The name a migrated user's personal book gets; the person can rename it. */
export const PERSONAL_BOOK_NAME = 'Personal';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') return upPostgres(db);
  if (!ctx.sqlite) throw new Error('Migration 0028 needs the SQLite connection itself (writable_schema).');
  upSqlite(ctx.sqlite);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE books (
      id serial PRIMARY KEY,
      name varchar(100) NOT NULL,
      personal_user_id integer UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      data_revision integer NOT NULL DEFAULT 0,
      feelings_revision integer NOT NULL DEFAULT 0,
      created_at varchar(30) NOT NULL,
      updated_at varchar(30) NOT NULL)`.execute(db);
  await createMembers(db);
  await copyUsersIntoBooks(db);
  await sql`SELECT setval(pg_get_serial_sequence('books', 'id'), GREATEST((SELECT max(id) FROM books), 1))`.execute(db);

  for (const table of BOOK_TABLES_0028) {
    const t = sql.table(table);
    await sql`ALTER TABLE ${t} RENAME COLUMN user_id TO book_id`.execute(db);
    const constraints = await sql<{ name: string }>`
      SELECT c.conname AS name FROM pg_constraint c
      WHERE c.conrelid = ${table}::regclass AND c.contype = 'f' AND c.confrelid = 'users'::regclass`.execute(db);
    for (const { name } of constraints.rows) {
      await sql`ALTER TABLE ${t} DROP CONSTRAINT ${sql.id(name)}`.execute(db);
    }
    await sql`ALTER TABLE ${t} ADD CONSTRAINT ${sql.id(`${table}_book_id_fkey`)}
      FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE`.execute(db);
  }

  await sql`ALTER TABLE import_jobs ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`UPDATE import_jobs SET created_by = book_id`.execute(db);

  // The trigger functions of migrations 0008 and 0022, now bumping the book's revisions.
  const felt = sql.raw('emotion IS NOT NULL');
  await sql`
    CREATE OR REPLACE FUNCTION bump_data_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE books SET data_revision = data_revision + 1 WHERE id IN (SELECT DISTINCT book_id FROM changed_rows);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION bump_feelings_revision_felt() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE books SET feelings_revision = feelings_revision + 1
        WHERE id IN (SELECT DISTINCT book_id FROM changed_rows WHERE ${felt});
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION bump_feelings_revision_felt_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE books SET feelings_revision = feelings_revision + 1
        WHERE id IN (SELECT book_id FROM old_rows WHERE ${felt} UNION SELECT book_id FROM new_rows WHERE ${felt});
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION bump_feelings_revision_lines() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE books SET feelings_revision = feelings_revision + 1 WHERE id IN (
        SELECT DISTINCT c.book_id FROM changed_rows c JOIN transactions t ON t.id = c.transaction_id WHERE t.${felt});
      RETURN NULL;
    END $$`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN data_revision, DROP COLUMN feelings_revision`.execute(db);
}

async function createMembers(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE book_members (
      book_id integer NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role varchar(10) NOT NULL,
      share_feelings integer NOT NULL DEFAULT 0,
      joined_at varchar(30) NOT NULL,
      PRIMARY KEY (book_id, user_id))`.execute(db);
  await sql`CREATE INDEX book_members_user ON book_members (user_id, book_id)`.execute(db);
}

async function copyUsersIntoBooks(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO books (id, name, personal_user_id, data_revision, feelings_revision, created_at, updated_at)
    SELECT id, ${PERSONAL_BOOK_NAME}, id, data_revision, feelings_revision, created_at, created_at FROM users`.execute(db);
  await sql`INSERT INTO book_members (book_id, user_id, role, share_feelings, joined_at)
    SELECT id, id, 'owner', 0, created_at FROM users`.execute(db);
}

/**
 * SQLite cannot change a foreign key in place; instead of copying every table, the table's
 * definition is rewritten in the schema (the procedure SQLite's documentation gives for changes
 * that leave the stored rows as they are: https://sqlite.org/lang_altertable.html, "making other
 * kinds of table schema changes"), on the connection itself with defensive mode off for the while.
 */
function upSqlite(s: SQLite.Database): void {
  s.unsafeMode(true);
  try {
    s.transaction(() => migrateSqlite(s)).immediate();
  } finally {
    s.unsafeMode(false);
  }
  const broken = s.pragma('foreign_key_check') as unknown[];
  if (broken.length > 0) throw new Error(`Migration 0028 left ${broken.length} rows without their book`);
}

function migrateSqlite(s: SQLite.Database): void {
  s.exec(`CREATE TABLE books (
      id integer PRIMARY KEY AUTOINCREMENT,
      name varchar(100) NOT NULL,
      personal_user_id integer UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      data_revision integer NOT NULL DEFAULT 0,
      feelings_revision integer NOT NULL DEFAULT 0,
      created_at varchar(30) NOT NULL,
      updated_at varchar(30) NOT NULL)`);
  s.exec(`CREATE TABLE book_members (
      book_id integer NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role varchar(10) NOT NULL,
      share_feelings integer NOT NULL DEFAULT 0,
      joined_at varchar(30) NOT NULL,
      PRIMARY KEY (book_id, user_id))`);
  s.exec('CREATE INDEX book_members_user ON book_members (user_id, book_id)');
  s.prepare(
    `INSERT INTO books (id, name, personal_user_id, data_revision, feelings_revision, created_at, updated_at)
     SELECT id, ?, id, data_revision, feelings_revision, created_at, created_at FROM users`,
  ).run(PERSONAL_BOOK_NAME);
  s.exec(`INSERT INTO book_members (book_id, user_id, role, share_feelings, joined_at)
    SELECT id, id, 'owner', 0, created_at FROM users`);

  // Renaming the column also rewrites the indexes and triggers that name it.
  for (const table of BOOK_TABLES_0028) s.exec(`ALTER TABLE "${table}" RENAME COLUMN user_id TO book_id`);
  const deferred = s.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'revision_bumps_deferred'`).get();
  if (deferred) s.exec('ALTER TABLE revision_bumps_deferred RENAME COLUMN user_id TO book_id');

  // The revision triggers now bump the book's counters.
  const triggers = s
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%UPDATE users SET%revision%'`)
    .all() as { name: string; sql: string }[];
  for (const trigger of triggers) {
    s.exec(`DROP TRIGGER "${trigger.name}"`);
    s.exec(trigger.sql.replaceAll(/UPDATE users SET/gi, 'UPDATE books SET'));
  }
  s.exec('ALTER TABLE import_jobs ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL');
  s.exec('UPDATE import_jobs SET created_by = book_id');
  s.exec('ALTER TABLE users DROP COLUMN data_revision');
  s.exec('ALTER TABLE users DROP COLUMN feelings_revision');

  // Each book table's foreign key: users → books.
  const version = s.pragma('schema_version', { simple: true }) as number;
  s.pragma('writable_schema = ON');
  const retarget = s.prepare(
    `UPDATE sqlite_master SET sql = replace(sql, '"book_id" integer not null references "users" ("id")',
       '"book_id" integer not null references "books" ("id")')
     WHERE type = 'table' AND name = ?`,
  );
  for (const table of BOOK_TABLES_0028) {
    const changed = retarget.run(table).changes;
    const { sql: definition } = s.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) as {
      sql: string;
    };
    if (changed !== 1 || !definition.includes('"book_id" integer not null references "books" ("id")')) {
      throw new Error(`Migration 0028 could not point ${table}.book_id at books: ${definition}`);
    }
  }
  s.pragma(`schema_version = ${version + 1}`);
  s.pragma('writable_schema = OFF');
  const integrity = s.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') throw new Error(`Migration 0028 left the schema damaged: ${String(integrity)}`);
}
