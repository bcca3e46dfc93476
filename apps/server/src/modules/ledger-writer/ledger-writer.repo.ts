/**
 * SQL of the ledger writer: what it needs to know about an account's and a user's existing rows
 * (import keys, payees, past categories), and the batch insert of new payees (transactions and
 * split lines: bulk-insert.repo.ts).
 */
import { type Insertable, type Kysely, sql } from 'kysely';
import type { EntitiesTable } from '../../db/ledger-schema';
import { type BookRows, andNotHidden } from '../../db/private-accounts';
import type { Database } from '../../db/schema';

/** The user's payees by lower-case name. */
export async function entitiesByName(db: Kysely<Database>, bookId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('entities').select(['id', 'name']).where('book_id', '=', bookId).execute();
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/**
 * The sub-category most recently used for each payee (by entity), from the book's own history:
 * the first categorization source of an import.
 */
export async function latestSubcategoryByEntity(
  db: Kysely<Database>,
  book: BookRows,
): Promise<Map<number, number>> {
  // Not learnt from another member's private account (docs/DECISIONS.md #84).
  const rows = await sql<{ entity_id: number; subcategory_id: number }>`
    select t.entity_id as entity_id, s.subcategory_id as subcategory_id
    from transactions t
    join transaction_splits s on s.transaction_id = t.id
    where t.book_id = ${book.bookId}${andNotHidden(book, 't.account_id')} and t.entity_id is not null
    order by t.date desc, t.id desc`.execute(db);
  const latest = new Map<number, number>();
  for (const row of rows.rows)
    if (!latest.has(Number(row.entity_id))) latest.set(Number(row.entity_id), Number(row.subcategory_id));
  return latest;
}

/** Inserts payees in one statement; returns their ids and names. */
export function insertEntities(
  db: Kysely<Database>,
  values: Insertable<EntitiesTable>[],
): Promise<{ id: number; name: string }[]> {
  return db.insertInto('entities').values(values).returning(['id', 'name']).execute();
}

/**
 * Which of `keys` the book's account already holds, for a file import and a bank sync alike: one
 * indexed lookup per key (the unique (account, import key) index), where reading every key of the
 * account grows with its history. The book is checked too, so a wrong account id finds nothing.
 * The keys travel as one JSON parameter, as the rows do (bulk-insert.repo.ts, docs/DECISIONS.md #63).
 */
export async function knownImportKeys(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  account: { bookId: number; accountId: number },
  keys: readonly string[],
): Promise<Set<string>> {
  const { bookId, accountId } = account;
  if (keys.length === 0) return new Set();
  const json = JSON.stringify(keys);
  // SQLite: CROSS JOIN keeps the file's keys outside, so each is one index lookup.
  const query =
    dialect === 'postgres'
      ? sql<{ import_key: string }>`
          select t.import_key from json_array_elements_text(${json}::json) as k(key)
          join transactions t on t.account_id = ${accountId} and t.import_key = k.key and t.book_id = ${bookId}`
      : sql<{ import_key: string }>`
          select t.import_key from json_each(${json}) k
          cross join transactions t on t.account_id = ${accountId} and t.import_key = k.value and t.book_id = ${bookId}`;
  const { rows } = await query.execute(db);
  return new Set(rows.map((row) => row.import_key));
}

/** The ids of the account's rows imported under these keys (a batch just inserted). */
export async function idsByImportKey(db: Kysely<Database>, bookId: number, accountId: number, keys: readonly string[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('transactions')
    .select('id')
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .where('import_key', 'in', [...keys])
    .execute();
  return rows.map((row) => row.id);
}
