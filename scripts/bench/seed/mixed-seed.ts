// Seeds the mixed-load stage: many ordinary users rather than one huge ledger. Every user signs up
// through POST /api/register (a real bearer token, the same sign-in lookup real requests make);
// their rows go in directly, in batched multi-row inserts inside one transaction, since 200
// users' worth of transactions through the API would take longer than the load run itself.
import {
  FEELING_VALUES as FEELINGS,
  PAYMENT_METHOD_VALUES as METHODS,
  PURPOSE_VALUES as PURPOSES,
} from '@mindspend/domain';
import { type Insertable, sql } from 'kysely';
import type { DatabaseHandle } from '../../../apps/server/src/db/connection';
import type { Database } from '../../../apps/server/src/db/schema';
import { seedBudgets } from './budget-seed';
import { insertBatched, isoDay, nextId, random } from './seed-helpers';
import { type ServerProcess, registerUser } from '../../support/server-process';

export interface MixedSeedOptions {
  users: number;
  /** Per user, spread over its accounts and the last `months` months up to today. */
  transactions: number;
  months: number;
  budgets: number;
}

export const DEFAULT_MIXED_SEED: MixedSeedOptions = { users: 200, transactions: 300, months: 6, budgets: 12 };

/** What the load needs to know about one seeded user to build its requests. */
export interface SeededUser {
  token: string;
  userId: number;
  /** The user's personal book, which the seed fills. */
  bookId: number;
  /** A checking account and a credit card: two, so the all-accounts month differs from one account's. */
  accountIds: [number, number];
  /** An expense of this month with one split line, the one the load edits with PATCH. */
  editable: { id: number; subcategoryId: number; amountCents: number; date: string };
  /** Expense sub-categories that have a budget, for new transactions. */
  expenseSubcategoryIds: number[];
  /** A bill with no override this month (the first 'mark paid' creates the month row) and a flexible budget. */
  billId: number;
  flexibleId: number;
}

export interface MixedSeed {
  users: SeededUser[];
  counts: { transactions: number; splits: number; budgets: number };
}

const STORES = [
  'Safeway',
  'QFC',
  'Costco',
  'Target',
  'Shell',
  'Starbucks',
  'Amazon',
  'Walgreens',
  'Comcast',
  'City Light',
];
// Few sign-ups at once: each costs a password hash, and the server has the same 2 cores as the bench.
const REGISTER_CONCURRENCY = 4;

/** Signs up `count` users through the API, a few at a time. */
async function registerUsers(
  server: ServerProcess,
  count: number,
): Promise<Array<{ token: string; userId: number }>> {
  const users: Array<{ token: string; userId: number }> = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      users[index] = await registerUser(server, `mixed-bench-${index}@example.com`);
    }
  };
  await Promise.all(Array.from({ length: REGISTER_CONCURRENCY }, worker));
  return users;
}

/** Registers the users through `server`, then writes their rows through `handle` (the same database). */
export async function seedMixed(
  server: ServerProcess,
  handle: DatabaseHandle,
  now: Date,
  options: MixedSeedOptions = DEFAULT_MIXED_SEED,
): Promise<MixedSeed> {
  const registered = await registerUsers(server, options.users);
  const rand = random(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const stamp = now.toISOString();
  const subcategories = await handle.db
    .selectFrom('subcategories')
    .select(['id', 'type'])
    .orderBy('id')
    .execute();
  // budget-seed.ts budgets the first expense sub-categories; spending mostly lands on those, as it would.
  const expenseIds = subcategories
    .filter((s) => s.type === 'expense')
    .map((s) => s.id)
    .slice(0, options.budgets * 2);
  const incomeIds = subcategories.filter((s) => s.type === 'income').map((s) => s.id);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (options.months - 1), 1));
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const days = Math.round((today.getTime() - start.getTime()) / 86_400_000);
  const thisMonth = isoDay(today).slice(0, 7);

  const seeded = await handle.db.transaction().execute(async (db) => {
    let accountSeq = await nextId(db, 'accounts');
    let balanceSeq = await nextId(db, 'account_balances');
    let entitySeq = await nextId(db, 'entities');
    let transactionSeq = await nextId(db, 'transactions');
    let splitSeq = await nextId(db, 'transaction_splits');
    const accounts: Array<Insertable<Database['accounts']> & { id: number; account_type_id: number }> = [];
    const balances: Array<Insertable<Database['account_balances']>> = [];
    const entities: Array<Insertable<Database['entities']>> = [];
    const transactions: Array<Insertable<Database['transactions']>> = [];
    const splits: Array<Insertable<Database['transaction_splits']>> = [];
    const users: Array<Omit<SeededUser, 'billId' | 'flexibleId'>> = [];

    const personalBooks = await db
      .selectFrom('books')
      .select(['id', 'personal_user_id'])
      .where('personal_user_id', 'in', registered.map((user) => user.userId))
      .execute();
    const bookOf = new Map(personalBooks.map((book) => [book.personal_user_id, book.id]));
    for (const [index, { token, userId }] of registered.entries()) {
      const bookId = bookOf.get(userId);
      if (bookId === undefined) throw new Error(`mixed seed: user ${userId} has no personal book`);
      const checking = {
        id: accountSeq++,
        book_id: bookId,
        name: 'Checking',
        account_type_id: 2,
        subtype: null,
        created_at: stamp,
      };
      const card = {
        id: accountSeq++,
        book_id: bookId,
        name: 'Credit card',
        account_type_id: 3,
        subtype: null,
        created_at: stamp,
      };
      accounts.push(checking, card);
      for (const account of [checking, card]) {
        balances.push({
          id: balanceSeq++,
          book_id: bookId,
          account_id: account.id,
          current_balance_cents: 250_000,
          available_balance_cents: 250_000,
          limit_cents: account.account_type_id === 3 ? 500_000 : null,
          date: isoDay(start),
          created_at: stamp,
        });
      }
      const payees = STORES.map((store, i) => {
        const name = `${store} #${100 + i}`;
        const id = entitySeq++;
        entities.push({
          id,
          book_id: bookId,
          name,
          name_short: name,
          address_line1: `${i + 1} Main St`,
          address_line2: null,
          city: 'Seattle',
          state: 'WA',
          zipcode: '98101',
          created_at: stamp,
        });
        return id;
      });

      let editable: SeededUser['editable'] | undefined;
      for (let i = 0; i < options.transactions; i++) {
        const account = i % 3 === 0 ? card : checking;
        const date = isoDay(
          new Date(start.getTime() + Math.floor((i * (days + 1)) / options.transactions) * 86_400_000),
        );
        const type: 'income' | 'expense' = account === checking && rand() < 0.08 ? 'income' : 'expense';
        const amount =
          type === 'income' ? 150_000 + Math.floor(rand() * 200_000) : 100 + Math.floor(rand() * 15_000);
        const id = transactionSeq++;
        transactions.push({
          id,
          book_id: bookId,
          account_id: account.id,
          entity_id: rand() < 0.8 ? pick(payees) : null,
          type,
          amount_cents: amount,
          date,
          description: rand() < 0.3 ? `Purchase ${i}` : null,
          notes: null,
          payment_method: rand() < 0.6 ? pick(METHODS) : null,
          purpose: type === 'expense' && rand() < 0.5 ? pick(PURPOSES) : null,
          emotion: rand() < 0.5 ? pick(FEELINGS) : null,
          pending: 0,
          created_at: stamp,
          updated_at: stamp,
        });
        if (rand() < 0.9) {
          const subcategoryId = pick(type === 'income' ? incomeIds : expenseIds);
          splits.push({
            id: splitSeq++,
            book_id: bookId,
            transaction_id: id,
            subcategory_id: subcategoryId,
            amount_cents: amount,
          });
          if (account === checking && type === 'expense' && date.startsWith(thisMonth))
            editable = { id, subcategoryId, amountCents: amount, date };
        }
      }
      if (!editable)
        throw new Error(
          `mixed seed: user ${index} got no categorized expense this month; raise the transaction count`,
        );
      users.push({
        token,
        userId,
        bookId,
        accountIds: [checking.id, card.id],
        editable,
        expenseSubcategoryIds: expenseIds.slice(0, options.budgets),
      });
    }

    await insertBatched(accounts, (chunk) => db.insertInto('accounts').values(chunk).execute());
    await insertBatched(balances, (chunk) => db.insertInto('account_balances').values(chunk).execute());
    await insertBatched(entities, (chunk) => db.insertInto('entities').values(chunk).execute());
    await insertBatched(transactions, (chunk) => db.insertInto('transactions').values(chunk).execute());
    await insertBatched(splits, (chunk) => db.insertInto('transaction_splits').values(chunk).execute());
    if (handle.dialect === 'postgres') {
      // Explicit ids leave the sequences behind; move them past the rows so the load's inserts work.
      for (const table of [
        'accounts',
        'account_balances',
        'entities',
        'transactions',
        'transaction_splits',
      ]) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          db,
        );
      }
    }
    return { users, counts: { transactions: transactions.length, splits: splits.length } };
  });

  const users: SeededUser[] = [];
  for (const user of seeded.users) {
    await seedBudgets(handle, user.bookId, now, options.budgets);
    // budget-seed.ts inserts in sub-category order and makes every third a bill (0, 3, 6, …) and
    // gives every fourth a month row this month (0, 4, 8, …): budget 3 is a bill without one, budget 1 flexible.
    const budgets = await handle.db
      .selectFrom('budgets')
      .select(['id', 'due_in_full'])
      .where('book_id', '=', user.bookId)
      .orderBy('id')
      .execute();
    const bill = budgets[3];
    const flexible = budgets[1];
    if (!bill?.due_in_full || !flexible || flexible.due_in_full)
      throw new Error('mixed seed: budget-seed.ts no longer makes budget 3 a bill and budget 1 flexible');
    users.push({ ...user, billId: bill.id, flexibleId: flexible.id });
  }
  await sql`analyze`.execute(handle.db);
  return { users, counts: { ...seeded.counts, budgets: users.length * options.budgets } };
}
