// Shared by the bench seeds (ledger-seed.ts, mixed-seed.ts): a seeded random generator so every
// run writes the same rows, explicit ids, and batched multi-row inserts that stay under both
// databases' limit on bound parameters.
import type { DatabaseHandle } from '../../apps/server/src/db/connection';

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
  'users' | 'accounts' | 'account_balances' | 'entities' | 'transactions' | 'transaction_splits';

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
