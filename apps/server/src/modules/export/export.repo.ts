/** Reads of everything a user owns, for the CSV export and the backup file. */
import type { Kysely } from 'kysely';
import type { Feelings } from '../../db/feelings';
import type { Database } from '../../db/schema';
import { listRules } from '../rules';

/** Every transaction with its account and payee names, oldest first; the feeling is the reader's own. */
export function transactionsForCsv(db: Kysely<Database>, feelings: Feelings) {
  const { bookId } = feelings;
  return db
    .selectFrom('transactions as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .leftJoin('entities as e', 'e.id', 't.entity_id')
    .select([
      't.id', 't.date', 't.type', 't.amount_cents', 't.description', 't.notes', 't.payment_method', 't.purpose', feelings.first.as('emotion'),
      't.pending', 't.transfer_id', 'a.name as account_name', 'e.name as entity_name',
    ])
    .where('t.book_id', '=', bookId)
    .orderBy('t.date')
    .orderBy('t.id')
    .execute();
}

/** Every split line with its sub-category and category names. */
export function splitsForCsv(db: Kysely<Database>, bookId: number) {
  return db
    .selectFrom('transaction_splits as s')
    .innerJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
    .innerJoin('categories as c', 'c.id', 'sc.category_id')
    .select(['s.transaction_id', 's.amount_cents', 'sc.name as subcategory_name', 'c.name as category_name'])
    .where('s.book_id', '=', bookId)
    .orderBy('s.transaction_id')
    .orderBy('s.id')
    .execute();
}

/**
 * All rows of every table a backup holds, each scoped by the book; the transactions carry the
 * reader's own feelings (db/feelings.ts), and the purpose targets and reflections are the
 * reader's own (migration 0032): a shared book's other members' stay theirs.
 */
export async function rowsForBackup(db: Kysely<Database>, feelings: Feelings) {
  const { bookId } = feelings;
  const [accounts, balances, entities, transactions, splits, budgets, budgetMonths, incomeSources, goals, targets, reflections, rules, rolloverChanges, regretAlerts] = await Promise.all([
    db.selectFrom('accounts').selectAll().where('book_id', '=', bookId).orderBy('id').execute(),
    db.selectFrom('account_balances').selectAll().where('book_id', '=', bookId).orderBy('account_id').orderBy('id').execute(),
    db.selectFrom('entities').selectAll().where('book_id', '=', bookId).orderBy('id').execute(),
    db
      .selectFrom('transactions as t')
      .selectAll('t')
      .select([feelings.first.as('own_emotion'), feelings.second.as('own_second_feeling')])
      .where('t.book_id', '=', bookId)
      .orderBy('t.id')
      .execute()
      .then((rows) => rows.map(({ own_emotion, own_second_feeling, ...t }) => ({ ...t, emotion: own_emotion, second_feeling: own_second_feeling }))),
    db.selectFrom('transaction_splits').selectAll().where('book_id', '=', bookId).orderBy('transaction_id').orderBy('id').execute(),
    db.selectFrom('budgets').selectAll().where('book_id', '=', bookId).orderBy('id').execute(),
    db.selectFrom('budget_months').selectAll().where('book_id', '=', bookId).orderBy('budget_id').orderBy('year').orderBy('month').execute(),
    db.selectFrom('income_sources').selectAll().where('book_id', '=', bookId).orderBy('id').execute(),
    db.selectFrom('goals').selectAll().where('book_id', '=', bookId).orderBy('id').execute(),
    db
      .selectFrom('purpose_targets')
      .select(['survival', 'optional', 'culture', 'unexpected', 'updated_at'])
      .where('book_id', '=', bookId)
      .where('user_id', '=', feelings.userId)
      .executeTakeFirst(),
    db
      .selectFrom('month_reflections')
      .select(['year', 'month', 'went_well', 'change_next', 'updated_at'])
      .where('book_id', '=', bookId)
      .where('user_id', '=', feelings.userId)
      .orderBy('year')
      .orderBy('month')
      .execute(),
    listRules(db, bookId),
    db
      .selectFrom('budget_rollover_changes')
      .select(['budget_id', 'from_month', 'enabled', 'created_at'])
      .where('book_id', '=', bookId)
      .orderBy('budget_id')
      .orderBy('from_month')
      .execute(),
    db
      .selectFrom('budget_regret_alerts')
      .select(['budget_id', 'month', 'created_at'])
      .where('book_id', '=', bookId)
      .orderBy('budget_id')
      .orderBy('month')
      .execute(),
  ]);
  return { accounts, balances, entities, transactions, splits, budgets, budgetMonths, incomeSources, goals, targets, reflections, rules, rolloverChanges, regretAlerts };
}

/** Ids of the shared reference tables a backup may point at. */
export async function referenceIds(db: Kysely<Database>) {
  const [types, subcategories] = await Promise.all([
    db.selectFrom('account_types').select('id').execute(),
    db.selectFrom('subcategories').select('id').execute(),
  ]);
  return { accountTypes: new Set(types.map((row) => row.id)), subcategories: new Set(subcategories.map((row) => row.id)) };
}

/** True when the user has nothing a backup would restore (rules too: restored ones would mix with them). */
export async function ownsNothing(db: Kysely<Database>, bookId: number): Promise<boolean> {
  const tables = ['accounts', 'entities', 'transactions', 'budgets', 'income_sources', 'goals', 'rules'] as const;
  const found = await Promise.all(
    tables.map((table) => db.selectFrom(table).select('id').where('book_id', '=', bookId).limit(1).executeTakeFirst()),
  );
  return found.every((row) => row === undefined);
}
