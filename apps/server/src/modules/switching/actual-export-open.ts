/**
 * Opens an Actual Budget db.sqlite from its bytes for reading. The file is a stranger's: it is
 * deserialized read-only into memory, its schema's functions are not trusted, and the tables read
 * must be plain tables (a "table" that is a view or a virtual table counts as missing), so the
 * SELECTs run on it never run SQL of the file's own.
 */
import Database from 'better-sqlite3';
import { refused } from './actual-export-file';

export const NOT_SQLITE = 'This is not an Actual Budget export: its db.sqlite is not an SQLite database.';
export const DAMAGED = 'This Actual Budget export could not be read: its db.sqlite is damaged.';

/** The tables read and the columns each must have; a missing mapping or budget table is tolerated. */
export const REQUIRED: Record<string, string[]> = {
  accounts: ['id', 'name', 'offbudget', 'closed', 'tombstone'],
  payees: ['id', 'name', 'transfer_acct', 'tombstone'],
  category_groups: ['id', 'name', 'tombstone'],
  categories: ['id', 'name', 'cat_group', 'tombstone'],
  transactions: [
    'id',
    'acct',
    'category',
    'amount',
    'description',
    'notes',
    'date',
    'isParent',
    'isChild',
    'parent_id',
    'transferred_id',
    'tombstone',
    'starting_balance_flag',
  ],
};
export const OPTIONAL: Record<string, string[]> = {
  category_mapping: ['id', 'transferId'],
  payee_mapping: ['id', 'targetId'],
  zero_budgets: ['id', 'month', 'category', 'amount'],
};

type Row = Record<string, unknown>;

/** Bytes 0–15 of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\u0000';

/**
 * Runs `read` on the database in `bytes` with each read table's columns, and closes it; refuses a
 * file that is not SQLite, lacks a required table or column, or is damaged.
 */
export function withActualDatabase<T>(
  bytes: Uint8Array,
  read: (db: Database.Database, columns: Map<string, Set<string>>) => T,
): T {
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(16, bytes.byteLength));
  if (header.toString('latin1') !== SQLITE_HEADER) throw refused(NOT_SQLITE);
  let db: Database.Database;
  try {
    // A Buffer (not a Uint8Array) is what better-sqlite3 deserializes; it copies the bytes.
    db = new Database(asBuffer(bytes), { readonly: true });
  } catch {
    throw refused(NOT_SQLITE);
  }
  try {
    // Functions named in the schema (a view's, a generated column's) may not have side effects.
    db.pragma('trusted_schema = OFF');
    const columns = tableColumns(db);
    const missing = Object.entries(REQUIRED).flatMap(([table, needed]) =>
      needed
        .filter((column) => !columns.get(table)?.has(column))
        .map((column) => (columns.has(table) ? `${table}.${column}` : table)),
    );
    if (missing.length > 0) {
      throw refused(
        `This is not an Actual Budget export: its db.sqlite has no ${[...new Set(missing)].join(', ')}.`,
      );
    }
    return read(db, columns);
  } catch (error) {
    if (error instanceof Database.SqliteError)
      throw refused(error.code === 'SQLITE_NOTADB' ? NOT_SQLITE : DAMAGED);
    throw error;
  } finally {
    db.close();
  }
}

/**
 * The bytes as the Buffer better-sqlite3 deserializes. A file left in WAL mode (header bytes 18
 * and 19 are 2) cannot be read once deserialized, so a copy is marked as a rollback-journal file:
 * its pages are the same, and what a missing -wal file held is not in the export anyway.
 */
function asBuffer(bytes: Uint8Array): Buffer {
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[18] !== 2 && buffer[19] !== 2) return buffer;
  const copy = Buffer.from(buffer);
  copy[18] = 1;
  copy[19] = 1;
  return copy;
}

/** Each plain table's columns; views and virtual tables are left out, so querying them is refused. */
function tableColumns(db: Database.Database): Map<string, Set<string>> {
  const names = Object.keys({ ...REQUIRED, ...OPTIONAL });
  const tables = db
    .prepare(
      `SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name IN (${names.map(() => '?').join(', ')})`,
    )
    .all(...names) as Row[];
  const columns = new Map<string, Set<string>>();
  const info = db.prepare('SELECT name FROM pragma_table_info(?)');
  for (const table of tables) {
    const name = String(table.name);
    columns.set(name, new Set((info.all(name) as Row[]).map((column) => String(column.name))));
  }
  return columns;
}
