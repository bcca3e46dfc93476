/** Reads of everything a book holds, for its backup file. */
import type { Kysely } from 'kysely';
import type { Feelings } from '../../db/feelings';
import { hidingPrivate, hidingPrivateIfAny, nothingHidden, onlyInHiddenAccounts } from '../../db/private-accounts';
import type { Database } from '../../db/schema';
import { listRules } from '../rules';

/**
 * All rows of every table a backup holds, each scoped by the book; the transactions carry the
 * reader's own feelings (db/feelings.ts), and the purpose targets and reflections are the
 * reader's own (migration 0032): a shared book's other members' stay theirs, as do their private
 * accounts with everything tied to them (docs/DECISIONS.md #84).
 */
export async function rowsForBackup(db: Kysely<Database>, feelings: Feelings) {
  const { bookId } = feelings;
  const [accounts, balances, entities, transactions, splits, budgets, budgetMonths, incomeSources, goals, targets, reflections, rules, rolloverChanges, regretAlerts] = await Promise.all([
    db.selectFrom('accounts').selectAll().where('book_id', '=', bookId).$call(hidingPrivate(feelings, 'id')).orderBy('id').execute(),
    db
      .selectFrom('account_balances')
      .selectAll()
      .where('book_id', '=', bookId)
      .$call(hidingPrivate(feelings, 'account_id'))
      .orderBy('account_id')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('entities')
      .selectAll()
      .where('book_id', '=', bookId)
      .$if(!nothingHidden(feelings), (query) => query.where((eb) => eb.not(onlyInHiddenAccounts(feelings, 'entities.id'))))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('transactions as t')
      .selectAll('t')
      .select([feelings.first.as('own_emotion'), feelings.second.as('own_second_feeling')])
      .where('t.book_id', '=', bookId)
      .$call(hidingPrivate(feelings, 't.account_id'))
      .orderBy('t.id')
      .execute()
      .then((rows) => rows.map(({ own_emotion, own_second_feeling, ...t }) => ({ ...t, emotion: own_emotion, second_feeling: own_second_feeling }))),
    db
      .selectFrom('transaction_splits as s')
      .innerJoin('transactions as t', 't.id', 's.transaction_id')
      .selectAll('s')
      .where('s.book_id', '=', bookId)
      .$call(hidingPrivate(feelings, 't.account_id'))
      .orderBy('s.transaction_id')
      .orderBy('s.id')
      .execute(),
    db.selectFrom('budgets').selectAll().where('book_id', '=', bookId).orderBy('id').execute(),
    db.selectFrom('budget_months').selectAll().where('book_id', '=', bookId).orderBy('budget_id').orderBy('year').orderBy('month').execute(),
    db.selectFrom('income_sources').selectAll().where('book_id', '=', bookId).$call(hidingPrivate(feelings, 'account_id')).orderBy('id').execute(),
    db.selectFrom('goals').selectAll().where('book_id', '=', bookId).$call(hidingPrivateIfAny(feelings, 'account_id')).orderBy('id').execute(),
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

/** The book's base currency and its members' manual rates (DECISIONS.md #87), oldest day first. */
export async function fxRowsForBackup(db: Kysely<Database>, bookId: number) {
  const [book, rates] = await Promise.all([
    db.selectFrom('books').select('base_currency').where('id', '=', bookId).executeTakeFirstOrThrow(),
    db
      .selectFrom('fx_manual_rates')
      .select(['currency', 'base_currency', 'date', 'rate', 'updated_at'])
      .where('book_id', '=', bookId)
      .orderBy('date')
      .orderBy('base_currency')
      .orderBy('currency')
      .execute(),
  ]);
  return { baseCurrency: book.base_currency, rates };
}

/** The book's own categories with their sub-categories (migration 0042); the shared tree is not the book's. */
export async function ownCategoriesForBackup(db: Kysely<Database>, bookId: number) {
  const [categories, subcategories] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'type']).where('book_id', '=', bookId).orderBy('id').execute(),
    db.selectFrom('subcategories').select(['id', 'category_id', 'name', 'emoji']).where('book_id', '=', bookId).orderBy('id').execute(),
  ]);
  return categories.map((category) => ({
    ...category,
    subcategories: subcategories.filter((sub) => sub.category_id === category.id).map(({ category_id: _category, ...sub }) => sub),
  }));
}
