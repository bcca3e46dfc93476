// The floors the import stage measures its imports against, in the bench's own process, right
// next to each import so that the shared machine's load weighs on both alike (docs/PERFORMANCE.md, import stage):
//
//   bare      the file's rows, parsed as the import parses them, inserted into ONE plain SQLite
//             table (no index, trigger or foreign key) with one prepared statement in one
//             transaction: the least any import of them into SQLite could cost. The goal is an
//             import within 5× of it.
//   ledger    the same rows into the real `transactions` table of a migrated database — its six
//             indexes, three foreign keys and the data-revision trigger — in one transaction,
//             without payees, categories, split lines or de-duplication: what the ledger's own
//             shape costs, on both databases with one INSERT ... SELECT from one JSON parameter
//             per 5,000 rows, as the import does.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase } from '../../../apps/server/src/db/connection';
import { migrateToLatest } from '../../../apps/server/src/db/migrate';
import { prepareStatement } from '../../../apps/server/src/modules/imports';

/** One row as the import stores it. */
interface FloorRow {
  key: string;
  type: string;
  amountCents: number;
  date: string;
  description: string | null;
  notes: string | null;
}

/** The CSV's rows, parsed and keyed by the import's own preparation (not timed). */
export function floorRows(csv: string): FloorRow[] {
  const prepared = prepareStatement(csv, null);
  if (!prepared.ok) throw new Error(`the bench CSV did not parse: ${prepared.error}`);
  return prepared.rows.map(({ key, row }) => ({
    key,
    type: row.type,
    amountCents: row.amountCents,
    date: row.date,
    description: (row.description ?? row.payee).slice(0, 255) || null,
    notes: row.memo ?? null,
  }));
}

const seconds = (started: number) => (performance.now() - started) / 1000;

/** Opens `file` with the pragmas of the server's connections that matter to writing. */
function openFile(file: string): SQLite.Database {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -32768');
  // As the server's: a statement that fires triggers keeps its statement journal in memory.
  db.pragma('temp_store = MEMORY');
  return db;
}

/** Seconds to insert `rows` into one plain table in one transaction (the bare floor). */
export function bareSqliteFloor(rows: readonly FloorRow[]): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-floor-'));
  const db = openFile(path.join(dir, 'floor.db'));
  try {
    db.exec(`create table floor (id integer primary key, user_id integer, account_id integer, type text, amount_cents integer,
      date text, description text, notes text, pending integer, import_key text, created_at text, updated_at text)`);
    const now = new Date().toISOString();
    const insert = db.prepare('insert into floor values (null, 1, 1, ?, ?, ?, ?, ?, 0, ?, ?, ?)');
    const started = performance.now();
    db.transaction(() => {
      for (const row of rows) insert.run(row.type, row.amountCents, row.date, row.description, row.notes, row.key, now, now);
    })();
    return seconds(started);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A user, their book and an account in a migrated database, for the ledger floors' foreign keys.
 * The book's id is looked up, not assumed: on PostgreSQL migration 0028 moves the books sequence
 * past 1 even in an empty database.
 */
const OWNER = {
  user: `insert into users (email, password_hash, created_at, updated_at) values ('floor@example.com', 'x', $now, $now)`,
  book: `insert into books (name, personal_user_id, created_at, updated_at) values ('Personal', 1, $now, $now)`,
  account: `insert into accounts (book_id, name, account_type_id, created_at) values ((select max(id) from books), 'Floor', 2, $now)`,
};

/** Seconds to insert `rows` into a migrated SQLite database's `transactions` table, one transaction. */
export async function ledgerSqliteFloor(rows: readonly FloorRow[]): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-floor-'));
  try {
    const handle = openDatabase({ dataDir: dir });
    await migrateToLatest(handle);
    await handle.close();
    const db = openFile(path.join(dir, 'mindspend.db'));
    try {
      const now = new Date().toISOString();
      db.prepare(OWNER.user).run({ now });
      db.prepare(OWNER.book).run({ now });
      db.prepare(OWNER.account).run({ now });
      const insert = db.prepare(`insert into transactions (book_id, account_id, type, amount_cents, date, description, notes,
          pending, import_key, created_at, updated_at)
        select 1, 1, r.value ->> '$.type', r.value ->> '$.amountCents', r.value ->> '$.date', r.value ->> '$.description',
          r.value ->> '$.notes', 0, r.value ->> '$.key', ?, ? from json_each(?) r`);
      const started = performance.now();
      db.transaction(() => {
        for (let start = 0; start < rows.length; start += 5_000) insert.run(now, now, JSON.stringify(rows.slice(start, start + 5_000)));
      })();
      return seconds(started);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seconds to insert `rows` into a migrated PostgreSQL schema's `transactions` table, one transaction. */
export async function ledgerPostgresFloor(databaseUrl: string, rows: readonly FloorRow[]): Promise<number> {
  const schema = `floor_${process.pid}_${Date.now()}`;
  const handle = openDatabase({ databaseUrl, dataDir: '', pgSchema: schema });
  try {
    await sql`create schema ${sql.id(schema)}`.execute(handle.db);
    await migrateToLatest(handle);
    const now = new Date().toISOString();
    await sql.raw(OWNER.user.replaceAll('$now', `'${now}'`)).execute(handle.db);
    await sql.raw(OWNER.book.replaceAll('$now', `'${now}'`)).execute(handle.db);
    await sql.raw(OWNER.account.replaceAll('$now', `'${now}'`)).execute(handle.db);
    const owner = await sql<{ book: number; account: number }>`select book_id as book, id as account from accounts`.execute(handle.db);
    const ids = owner.rows[0];
    if (!ids) throw new Error('the floor owner was not inserted');
    // Literals, not parameters: a parameter in a SELECT list is typed text, not the column's integer.
    const [book, account] = [sql.lit(ids.book), sql.lit(ids.account)];
    const started = performance.now();
    await handle.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 5_000) {
        const json = JSON.stringify(rows.slice(start, start + 5_000));
        await sql`insert into transactions (book_id, account_id, type, amount_cents, date, description, notes, pending,
            import_key, created_at, updated_at)
          select ${book}, ${account}, r."type", r."amountCents", r."date", r.description, r.notes, 0, r."key", ${now}, ${now}
          from json_to_recordset(${json}::json)
            as r("key" text, "type" text, "amountCents" bigint, "date" text, description text, notes text)`.execute(trx);
      }
    });
    return seconds(started);
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db).catch(() => undefined);
    await handle.close();
  }
}
