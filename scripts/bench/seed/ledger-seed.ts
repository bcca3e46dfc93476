// Seeds the ledger bench's data set straight into the database, in batched multi-row inserts
// inside one transaction: one user's personal book (registered through the API) with 5 accounts and
// 200,000 transactions over 5 years, plus 1,000 other users with an account each and a few
// hundred transactions between them. Deterministic: the same seed gives the same rows.
import { FEELING_VALUES as FEELINGS, PAYMENT_METHOD_VALUES as METHODS, PURPOSE_VALUES as PURPOSES } from '@mindspend/domain';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../apps/server/src/db/connection';
import { insertBatched, insertPersonalBooks, isoDay, nextId, random } from './seed-helpers';

export interface LedgerSeedOptions {
  transactions: number;
  accounts: number;
  years: number;
  otherUsers: number;
  otherTransactions: number;
  entities: number;
  /** Payees charged the same amount every month of the window: the subscriptions the list finds. */
  subscriptions: number;
}

export const DEFAULT_SEED: LedgerSeedOptions = {
  transactions: 200_000,
  accounts: 5,
  years: 5,
  otherUsers: 1000,
  otherTransactions: 300,
  entities: 400,
  subscriptions: 12,
};

export interface LedgerSeed {
  accountIds: number[];
  /** A payee of the main book with hundreds of felt purchases: what a pause forecast reads. */
  busyPayee: string;
  /** The last complete month of the data set: the month the load runs ask for. */
  month: { month: number; year: number };
  counts: { transactions: number; splits: number; entities: number; users: number };
}

const STORES = ['Fred Meyer', 'Safeway', 'QFC', 'Costco', 'Target', 'Shell', 'Chevron', 'Starbucks', 'Amazon', 'Walgreens', 'Home Depot', 'PCC Market', 'Trader Joe\'s', 'Comcast', 'Puget Sound Energy', 'City Light', 'Netflix', 'Spotify', 'Uber', 'Alaska Airlines'];

/** Seeds the data set into `bookId` and the other users' books; `now` fixes the 5-year window's end. */
export async function seedLedger(handle: DatabaseHandle, bookId: number, now: Date, options: LedgerSeedOptions = DEFAULT_SEED): Promise<LedgerSeed> {
  const rand = random(20_261_122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const createdAt = now.toISOString();
  const subcategories = await handle.db.selectFrom('subcategories').select(['id', 'type']).orderBy('id').execute();
  const expenseIds = subcategories.filter((s) => s.type === 'expense').map((s) => s.id);
  const incomeIds = subcategories.filter((s) => s.type === 'income').map((s) => s.id);

  return handle.db.transaction().execute(async (db) => {
    let userSeq = await nextId(db, 'users');
    let accountSeq = await nextId(db, 'accounts');
    let balanceSeq = await nextId(db, 'account_balances');
    let entitySeq = await nextId(db, 'entities');
    let transactionSeq = await nextId(db, 'transactions');
    let splitSeq = await nextId(db, 'transaction_splits');

    const users = Array.from({ length: options.otherUsers }, (_, i) => ({
      id: userSeq++,
      email: `bench-other-${i}@example.com`,
      // Not a real hash: these users only exist to share the tables, nobody signs in as them.
      password_hash: 'bench-seeded',
      plan: 'free' as const,
      timezone: 0,
      finished_budget_suggestions: 0,
      created_at: createdAt,
      updated_at: createdAt,
    }));
    await insertBatched(users, (chunk) => db.insertInto('users').values(chunk).execute());
    const bookOf = await insertPersonalBooks(db, users);

    const accountTypes = [2, 1, 3, 2, 1];
    const accounts = [
      ...Array.from({ length: options.accounts }, (_, i) => ({
        id: accountSeq++,
        book_id: bookId,
        name: `Bench account ${i + 1}`,
        account_type_id: accountTypes[i % accountTypes.length]!,
        subtype: null,
        created_at: createdAt,
      })),
      ...users.map((user) => ({ id: accountSeq++, book_id: bookOf.get(user.id)!, name: 'Checking', account_type_id: 2, subtype: null, created_at: createdAt })),
    ];
    await insertBatched(accounts, (chunk) => db.insertInto('accounts').values(chunk).execute());
    const start = new Date(Date.UTC(now.getUTCFullYear() - options.years, now.getUTCMonth(), 1));
    const balances = accounts.map((account) => ({
      id: balanceSeq++,
      book_id: account.book_id,
      account_id: account.id,
      current_balance_cents: 250_000,
      available_balance_cents: 250_000,
      limit_cents: account.account_type_id === 3 ? 500_000 : null,
      date: isoDay(start),
      created_at: createdAt,
    }));
    await insertBatched(balances, (chunk) => db.insertInto('account_balances').values(chunk).execute());

    const entities = Array.from({ length: options.entities }, (_, i) => {
      const name = `${STORES[i % STORES.length]} #${100 + i}`;
      return { id: entitySeq++, book_id: bookId, name, name_short: name.slice(0, 30), address_line1: `${i + 1} Main St`, address_line2: null, city: 'Seattle', state: 'WA', zipcode: '98101', created_at: createdAt };
    });
    await insertBatched(entities, (chunk) => db.insertInto('entities').values(chunk).execute());

    const mainAccounts = accounts.slice(0, options.accounts);
    const otherAccounts = accounts.slice(options.accounts);
    const days = Math.round((now.getTime() - start.getTime()) / 86_400_000);
    const transactions: Array<{
      id: number; book_id: number; account_id: number; entity_id: number | null; type: 'income' | 'expense'; amount_cents: number; date: string;
      description: string | null; notes: string | null; payment_method: string | null; purpose: string | null; emotion: string | null; pending: number; created_at: string; updated_at: string;
    }> = [];
    const splits: Array<{ id: number; book_id: number; transaction_id: number; subcategory_id: number; amount_cents: number }> = [];
    const total = options.transactions + options.otherTransactions;
    for (let i = 0; i < total; i++) {
      const mine = i < options.transactions;
      const account = mine ? mainAccounts[i % mainAccounts.length]! : pick(otherAccounts);
      const day = mine ? Math.floor((i * days) / options.transactions) : Math.floor(rand() * days);
      const type = rand() < 0.12 ? 'income' : 'expense';
      const amount = type === 'income' ? 50_000 + Math.floor(rand() * 300_000) : 100 + Math.floor(rand() * 20_000);
      const id = transactionSeq++;
      transactions.push({
        id,
        book_id: account.book_id,
        account_id: account.id,
        entity_id: mine && rand() < 0.9 ? pick(entities).id : null,
        type,
        amount_cents: amount,
        date: isoDay(new Date(start.getTime() + day * 86_400_000)),
        description: rand() < 0.3 ? `Bench purchase ${i}` : null,
        notes: rand() < 0.05 ? 'Paid in two parts; receipt in the drawer.' : null,
        payment_method: rand() < 0.6 ? pick(METHODS) : null,
        purpose: type === 'expense' && rand() < 0.5 ? pick(PURPOSES) : null,
        emotion: rand() < 0.5 ? pick(FEELINGS) : null,
        pending: rand() < 0.02 ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
      });
      const ids = type === 'income' ? incomeIds : expenseIds;
      const lines = rand();
      if (lines < 0.7) {
        splits.push({ id: splitSeq++, book_id: account.book_id, transaction_id: id, subcategory_id: pick(ids), amount_cents: amount });
      } else if (lines < 0.85 && amount >= 2) {
        const first = pick(ids);
        const second = ids.find((candidate) => candidate !== first) ?? first;
        const part = Math.floor(amount / 2);
        splits.push({ id: splitSeq++, book_id: account.book_id, transaction_id: id, subcategory_id: first, amount_cents: part });
        splits.push({ id: splitSeq++, book_id: account.book_id, transaction_id: id, subcategory_id: second, amount_cents: amount - part });
      } // the rest stay uncategorized, as imported transactions often are
    }
    // Subscriptions (issue 31): one payee each, charged on the same day every month of the window.
    const subscriptionPayees = Array.from({ length: options.subscriptions }, (_, i) => {
      const name = `Bench subscription ${i + 1}`;
      return { id: entitySeq++, book_id: bookId, name, name_short: name, address_line1: null, address_line2: null, city: null, state: null, zipcode: null, created_at: createdAt };
    });
    await insertBatched(subscriptionPayees, (chunk) => db.insertInto('entities').values(chunk).execute());
    for (const [index, payee] of subscriptionPayees.entries()) {
      const account = mainAccounts[index % mainAccounts.length]!;
      for (let month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1 + index)); month < now; month.setUTCMonth(month.getUTCMonth() + 1)) {
        transactions.push({
          id: transactionSeq++, book_id: bookId, account_id: account.id, entity_id: payee.id, type: 'expense', amount_cents: 499 + index * 100, date: isoDay(month),
          description: null, notes: null, payment_method: 'credit_card', purpose: 'optional', emotion: null, pending: 0, created_at: createdAt, updated_at: createdAt,
        });
      }
    }
    await insertBatched(transactions, (chunk) => db.insertInto('transactions').values(chunk).execute());
    await insertBatched(splits, (chunk) => db.insertInto('transaction_splits').values(chunk).execute());

    if (handle.dialect === 'postgres') {
      // Explicit ids leave the sequences behind; move them past the rows so later inserts work.
      for (const table of ['users', 'books', 'accounts', 'account_balances', 'entities', 'transactions', 'transaction_splits']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db);
      }
    }
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    return {
      accountIds: mainAccounts.map((account) => account.id),
      busyPayee: entities[0]!.name,
      month: { month: last.getUTCMonth() + 1, year: last.getUTCFullYear() },
      counts: { transactions: transactions.length, splits: splits.length, entities: entities.length, users: users.length },
    };
  });
}

/**
 * Fresh planner statistics, as an operator's `ANALYZE` leaves them. The app itself never runs
 * ANALYZE, so a deployed database has none; the heavy answers' statements were checked without
 * them too (docs/DECISIONS.md #72).
 */
export async function analyze(handle: DatabaseHandle): Promise<void> {
  await sql`analyze`.execute(handle.db);
}
