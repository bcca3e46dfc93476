/**
 * The aggregate queries of the reports: each one pass over the book's transactions of a range,
 * grouped in SQL by month (or by account and day for balances), so a 200,000-row ledger comes
 * back as a few hundred or thousand rows.
 */
import { type Kysely, sql } from 'kysely';
import type { SpendingGroup } from '@mindspend/domain';
import { type AccountAmounts, BOOK_FIGURES, amountColumn, ownAmountAccounts } from '../../db/account-amounts';
import type { Feelings } from '../../db/feelings';
import { hidingPrivate } from '../../db/private-accounts';
import { usableByBook } from '../../db/book-categories';
import type { Database } from '../../db/schema';

/** Days `YYYY-MM-DD`, both included. */
export interface ReportDays {
  bookId: number;
  /** Other members' private accounts, in no figure (db/private-accounts.ts). */
  hiddenAccountIds: readonly number[];
  from: string;
  to: string;
}

const monthKey = sql<string>`substr(t.date, 1, 7)`;

/** Income and expenses of the range, legs of transfers left out (docs/DECISIONS.md #47). */
function flows(db: Kysely<Database>, days: ReportDays) {
  return db
    .selectFrom('transactions as t')
    .where('t.book_id', '=', days.bookId)
    .$call(hidingPrivate(days, 't.account_id'))
    .where('t.type', 'in', ['income', 'expense'])
    .where('t.date', '>=', days.from)
    .where('t.date', '<=', days.to)
    .where('t.transfer_id', 'is', null);
}

const signedAmount = sql<number>`case when t.type = 'income' then t.amount_cents else -t.amount_cents end`;
/** The same in an account's own currency, for an account kept in another one than the book's (DECISIONS.md #90). */
const signedOwnAmount = sql<number>`case when t.type = 'income' then coalesce(t.account_amount_cents, t.amount_cents) else -coalesce(t.account_amount_cents, t.amount_cents) end`;

/**
 * Income minus expenses per account and day of the range, transfer legs included: they move money
 * between balances, and net worth is made of balances. One query per type reads the covering index
 * (migration 0007) in its own order (type, date, account), so the grouping needs no sort.
 */
export async function dayNets(db: Kysely<Database>, days: ReportDays, amounts: AccountAmounts = BOOK_FIGURES) {
  const only = ownAmountAccounts(amounts);
  const perType = (type: 'income' | 'expense') => {
    let query = db
      .selectFrom('transactions as t')
      .where('t.book_id', '=', days.bookId)
      .$call(hidingPrivate(days, 't.account_id'))
      .where('t.type', '=', type)
      .where('t.date', '>=', days.from)
      .where('t.date', '<=', days.to);
    if (only) query = query.where('t.account_id', 'in', only);
    return query
      .select((eb) => ['t.date', 't.account_id', eb.fn.sum<number>(amountColumn(amounts, 't.')).as('amount')])
      .groupBy(['t.date', 't.account_id'])
      .execute();
  };
  const [income, expenses] = await Promise.all([perType('income'), perType('expense')]);
  return [
    ...income.map((row) => ({ accountId: row.account_id, date: row.date, netCents: Number(row.amount) })),
    ...expenses.map((row) => ({ accountId: row.account_id, date: row.date, netCents: -Number(row.amount) })),
  ];
}

/**
 * Each account's net change from its reading before the range (`after`, excluded) to the day
 * before the range (`before`): one pass over the index, one sum per account, no grouping to sort.
 */
export async function carriedNets(
  db: Kysely<Database>,
  bookId: number,
  starts: ReadonlyArray<{ accountId: number; after: string; ownAmounts?: boolean }>,
  before: string,
): Promise<Map<number, number>> {
  if (starts.length === 0) return new Map();
  const earliest = starts.reduce((min, start) => (start.after < min ? start.after : min), before);
  const sums = starts.map(
    (start, index) =>
      sql`sum(case when t.account_id = ${start.accountId} and t.date > ${start.after} then ${start.ownAmounts ? signedOwnAmount : signedAmount} else 0 end) as ${sql.ref(`c${index}`)}`,
  );
  const result = await sql<Record<string, number | string | null>>`
    select ${sql.join(sums)}
    from transactions t
    where t.book_id = ${bookId} and t.type in ('income', 'expense') and t.date > ${earliest} and t.date < ${before}`.execute(db);
  const row = result.rows[0] ?? {};
  return new Map(starts.map((start, index) => [start.accountId, Number(row[`c${index}`] ?? 0)]));
}

/** Income and expenses per month of the range. */
export async function cashFlowCells(db: Kysely<Database>, days: ReportDays) {
  const rows = await flows(db, days)
    .select((eb) => [
      monthKey.as('month'),
      eb.fn.sum<number>(sql<number>`case when t.type = 'income' then t.amount_cents else 0 end`).as('income'),
      eb.fn.sum<number>(sql<number>`case when t.type = 'expense' then t.amount_cents else 0 end`).as('expenses'),
    ])
    .groupBy(monthKey)
    .execute();
  return rows.map((row) => ({ month: row.month, incomeCents: Number(row.income), expensesCents: Number(row.expenses) }));
}

export interface RawSpendingCell {
  month: string;
  /** A category or sub-category id, a purpose or a feeling; null when the expense has none. */
  key: string | number | null;
  amountCents: number;
}

/**
 * Expenses per month and group. By category or sub-category a split line counts its own amount
 * and an expense without split lines counts whole under no category, as insights count them.
 */
export async function spendingCells(
  db: Kysely<Database>,
  days: ReportDays,
  group: SpendingGroup,
  feelings: Feelings,
): Promise<RawSpendingCell[]> {
  const expenses = flows(db, days).where('t.type', '=', 'expense');
  if (group === 'purpose' || group === 'feeling') {
    // By feeling: the reader's own (db/feelings.ts).
    const column = group === 'purpose' ? sql<string | null>`t.purpose` : feelings.first;
    const rows = await expenses
      .select((eb) => [monthKey.as('month'), column.as('key'), eb.fn.sum<number>('t.amount_cents').as('amount')])
      .groupBy([monthKey, column])
      .execute();
    return rows.map((row) => ({ month: row.month, key: row.key, amountCents: Number(row.amount) }));
  }
  const amount = sql<number>`coalesce(s.amount_cents, t.amount_cents)`;
  const column = group === 'category' ? 'sc.category_id' : 's.subcategory_id';
  const rows = await expenses
    .leftJoin('transaction_splits as s', (join) => join.onRef('s.transaction_id', '=', 't.id').on('s.book_id', '=', days.bookId))
    .leftJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
    .select((eb) => [monthKey.as('month'), eb.ref(column).as('key'), eb.fn.sum<number>(amount).as('amount')])
    .groupBy([monthKey, column])
    .execute();
  return rows.map((row) => ({ month: row.month, key: row.key, amountCents: Number(row.amount) }));
}

/** Names of the categories, or sub-categories, the book may use: the shared tree's and its own. */
export function groupNames(db: Kysely<Database>, bookId: number, group: 'category' | 'subcategory') {
  return db
    .selectFrom(group === 'category' ? 'categories' : 'subcategories')
    .select(['id', 'name'])
    .where(usableByBook(bookId))
    .execute();
}
