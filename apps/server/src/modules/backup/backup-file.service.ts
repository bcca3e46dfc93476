/** The backup file: the whole book as one JSON document, restorable into an empty book (restore.service.ts). */
import { BACKUP_FORMAT, BACKUP_VERSION, type Backup } from '@mindspend/api-contract';
import { currencyCode, isCurrencyCode } from '@mindspend/domain';
import type { AppDeps } from '../../deps';
import type { BookScope } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import { isoNow } from '../../lib/clock';
import { presentRule } from '../rules';
import { fxRowsForBackup, ownCategoriesForBackup, rowsForBackup } from './backup-file.repo';

/** The whole account as a backup file: rows as stored, ids as in the database, money in cents. */
export async function backupFile(deps: AppDeps, scope: BookScope): Promise<Backup> {
  const rows = await rowsForBackup(deps.db, await feelingsOf(deps.db, scope));
  const fx = await fxRowsForBackup(deps.db, scope.bookId);
  const categories = await ownCategoriesForBackup(deps.db, scope.bookId);
  const group = <T extends object>(list: readonly T[], key: (row: T) => number) => {
    const map = new Map<number, T[]>();
    for (const row of list) {
      const rows = map.get(key(row));
      if (rows) rows.push(row);
      else map.set(key(row), [row]);
    }
    return map;
  };
  const balances = group(rows.balances, (row) => row.account_id);
  const splits = group(rows.splits, (row) => row.transaction_id);
  const months = group(rows.budgetMonths, (row) => row.budget_id);
  const rolloverChanges = group(rows.rolloverChanges, (row) => row.budget_id);
  const regretAlerts = group(rows.regretAlerts, (row) => row.budget_id);
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported_at: isoNow(deps.clock),
    accounts: rows.accounts.map((a) => ({
      id: a.id,
      name: a.name,
      account_type_id: a.account_type_id,
      subtype: a.subtype,
      ...(isCurrencyCode(a.currency) && { currency: a.currency }),
      created_at: a.created_at,
      balances: (balances.get(a.id) ?? []).map((b) => ({
        current_balance_cents: b.current_balance_cents,
        available_balance_cents: b.available_balance_cents,
        limit_cents: b.limit_cents,
        date: b.date,
        created_at: b.created_at,
      })),
    })),
    entities: rows.entities.map(({ book_id: _book, ...entity }) => entity),
    transactions: rows.transactions.map(({ book_id: _book, ...t }) => ({
      ...t,
      type: t.type,
      payment_method: t.payment_method as Backup['transactions'][number]['payment_method'],
      purpose: t.purpose as Backup['transactions'][number]['purpose'],
      emotion: t.emotion as Backup['transactions'][number]['emotion'],
      second_feeling: t.second_feeling as Backup['transactions'][number]['emotion'],
      pending: t.pending === 1 ? 1 : 0,
      splits: (splits.get(t.id) ?? []).map((s) => ({ subcategory_id: s.subcategory_id, amount_cents: s.amount_cents, account_amount_cents: s.account_amount_cents })),
    })),
    budgets: rows.budgets.map(({ book_id: _book, ...b }) => ({
      ...b,
      due_in_full: b.due_in_full === 1 ? 1 : 0,
      is_recurring: b.is_recurring === 1 ? 1 : 0,
      months: (months.get(b.id) ?? []).map((m) => ({
        year: m.year,
        month: m.month,
        amount_cents: m.amount_cents,
        ignore: m.ignore === 1 ? 1 : 0,
        has_been_paid: m.has_been_paid === 1 ? 1 : 0,
      })),
      rollover_changes: (rolloverChanges.get(b.id) ?? []).map((change) => ({
        from_month: change.from_month,
        enabled: change.enabled === 1 ? 1 : 0,
        created_at: change.created_at,
      })),
      regret_alerts: (regretAlerts.get(b.id) ?? []).map((alert) => ({ month: alert.month, created_at: alert.created_at })),
    })),
    income_sources: rows.incomeSources.map(({ book_id: _book, ...source }) => source),
    goals: rows.goals.map(({ book_id: _book, ...goal }) => goal),
    purpose_targets: rows.targets ?? null,
    month_reflections: rows.reflections,
    // In the API's form (docs/DECISIONS.md #70), so the restore checks them with POST /rules's schema.
    rules: rows.rules.map((row, index) => presentRule(row, index + 1)),
    categories,
    base_currency: currencyCode(fx.baseCurrency),
    fx_rates: fx.rates.map((row) => ({ ...row, currency: currencyCode(row.currency), base_currency: currencyCode(row.base_currency) })),
  };
}
