// Shared by the bench seeds (ledger-seed.ts, mixed-seed.ts): a seeded random generator so every
// run writes the same rows, explicit ids, and batched multi-row inserts that stay under both
// databases' limit on bound parameters.
import type { DatabaseHandle } from '../../../apps/server/src/db/connection';

export type Db = DatabaseHandle['db'];

/** mulberry32: a small seeded generator, so every run seeds the same rows. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export type SeededTable =
  'users' | 'books' | 'accounts' | 'account_balances' | 'entities' | 'transactions' | 'transaction_splits';

/** The next free id of `table`: seeds give rows explicit ids so split lines can point at their transaction. */
export async function nextId(db: Db, table: SeededTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/** Inserts rows in batches small enough for SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
export async function insertBatched<T extends Record<string, unknown>>(
  rows: T[],
  batch: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(30_000 / columns));
  for (let start = 0; start < rows.length; start += size) await batch(rows.slice(start, start + size));
}

/** The personal book of a user registered through the API: the book the seeds fill (migration 0028). */
export async function personalBookId(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('books').select('id').where('personal_user_id', '=', userId).executeTakeFirstOrThrow();
  return row.id;
}

/** Personal books (and their owner's membership) for users the seed inserted itself; returns user id → book id. */
export async function insertPersonalBooks(db: Db, users: ReadonlyArray<{ id: number; created_at: string }>): Promise<Map<number, number>> {
  let bookSeq = await nextId(db, 'books');
  const books = users.map((user) => ({
    id: bookSeq++,
    name: 'Personal',
    personal_user_id: user.id,
    created_at: user.created_at,
    updated_at: user.created_at,
  }));
  await insertBatched(books, (chunk) => db.insertInto('books').values(chunk).execute());
  const members = books.map((book) => ({ book_id: book.id, user_id: book.personal_user_id, role: 'owner' as const, joined_at: book.created_at }));
  await insertBatched(members, (chunk) => db.insertInto('book_members').values(chunk).execute());
  return new Map(books.map((book) => [book.personal_user_id, book.id]));
}
