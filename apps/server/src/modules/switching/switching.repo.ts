/** SQL of bringing an app's export into a book: payees by name, import keys seen, and the inserts. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Rows per multi-row INSERT: far below either database's limit on bound parameters. */
const BATCH = 200;

/** The book's payees by lower-cased name (the first of a name wins). */
export async function entitiesByName(db: Kysely<Database>, bookId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('entities').select(['id', 'name']).where('book_id', '=', bookId).orderBy('id').execute();
  const byName = new Map<string, number>();
  for (const row of rows) if (!byName.has(row.name.toLowerCase())) byName.set(row.name.toLowerCase(), row.id);
  return byName;
}

export async function insertEntity(db: Kysely<Database>, bookId: number, names: { name: string; short: string }, now: string): Promise<number> {
  const row = await db
    .insertInto('entities')
    .values({ book_id: bookId, name: names.name, name_short: names.short, address_line1: null, address_line2: null, city: null, state: null, zipcode: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The import keys of these accounts that start with `prefix`: what an earlier upload already brought. */
export async function importKeysWithPrefix(db: Kysely<Database>, bookId: number, accountIds: readonly number[], prefix: string): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('transactions')
    .select('import_key')
    .where('book_id', '=', bookId)
    .where('account_id', 'in', [...accountIds])
    .where('import_key', 'like', `${prefix}%`)
    .execute();
  return new Set(rows.flatMap((row) => (row.import_key === null ? [] : [row.import_key])));
}

export interface NewAppRow {
  accountId: number;
  entityId: number | null;
  type: 'income' | 'expense';
  /** The book's figure, and the account's own with its rate where the currencies differ. */
  amounts: { amount_cents: number; account_amount_cents: number | null; fx_rate: string | null; fx_date: string | null };
  date: string;
  description: string | null;
  notes: string | null;
  key: string;
}

/** Inserts the rows and answers their ids by import key (unique within one export). */
export async function insertAppRows(db: Kysely<Database>, bookId: number, rows: readonly NewAppRow[], now: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < rows.length; start += BATCH) {
    const inserted = await db
      .insertInto('transactions')
      .values(
        rows.slice(start, start + BATCH).map((row) => ({
          book_id: bookId,
          account_id: row.accountId,
          entity_id: row.entityId,
          type: row.type,
          amount_cents: row.amounts.amount_cents,
          account_amount_cents: row.amounts.account_amount_cents,
          fx_rate: row.amounts.fx_rate,
          fx_date: row.amounts.fx_date,
          date: row.date,
          description: row.description,
          notes: row.notes,
          payment_method: null,
          purpose: null,
          emotion: null,
          pending: 0,
          import_key: row.key,
          created_at: now,
          updated_at: now,
        })),
      )
      // Neither database promises the order of a multi-row INSERT's answer: the key tells them apart.
      .returning(['id', 'import_key'])
      .execute();
    for (const row of inserted) if (row.import_key !== null) ids.set(row.import_key, row.id);
  }
  return ids;
}

/** Links each pair of legs as one transfer (transfers.repo.ts's linkTransfer, many at once). */
export async function insertTransfers(
  db: Kysely<Database>,
  bookId: number,
  pairs: ReadonlyArray<{ fromTransactionId: number; toTransactionId: number }>,
  now: string,
): Promise<void> {
  for (let start = 0; start < pairs.length; start += BATCH) {
    const batch = pairs.slice(start, start + BATCH);
    const inserted = await db
      .insertInto('transfers')
      .values(batch.map((pair) => ({ book_id: bookId, from_transaction_id: pair.fromTransactionId, to_transaction_id: pair.toTransactionId, created_at: now })))
      .returning(['id', 'from_transaction_id', 'to_transaction_id'])
      .execute();
    for (const transfer of inserted) {
      await db
        .updateTable('transactions')
        .set({ transfer_id: transfer.id })
        .where('book_id', '=', bookId)
        .where('id', 'in', [transfer.from_transaction_id, transfer.to_transaction_id])
        .execute();
    }
  }
}

export async function insertSplitLines(
  db: Kysely<Database>,
  bookId: number,
  lines: ReadonlyArray<{ transactionId: number; subcategoryId: number; amountCents: number; accountAmountCents: number | null }>,
): Promise<void> {
  for (let start = 0; start < lines.length; start += BATCH) {
    const batch = lines.slice(start, start + BATCH);
    await db
      .insertInto('transaction_splits')
      .values(batch.map((line) => ({ book_id: bookId, transaction_id: line.transactionId, subcategory_id: line.subcategoryId, amount_cents: line.amountCents, account_amount_cents: line.accountAmountCents })))
      .execute();
  }
}

/** Account type ids by name ('Checking', 'Savings', 'Credit card'): shared reference rows. */
export async function accountTypeIds(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('account_types').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}
