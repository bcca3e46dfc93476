/**
 * The rows of an Actual Budget db.sqlite that the reader uses, typed and checked: SQLite lets any
 * column hold any type, so a value that is not what Actual writes reads as null (a row with an
 * unreadable amount or date is then left behind with that reason, not guessed at).
 */
import { OPTIONAL, withActualDatabase } from './actual-export-open';

export interface ActualAccountRow {
  id: string;
  name: string;
  offbudget: boolean;
  closed: boolean;
  tombstone: boolean;
}
export interface ActualPayeeRow {
  id: string;
  name: string | null;
  transferAcct: string | null;
  tombstone: boolean;
}
export interface ActualGroupRow {
  id: string;
  name: string | null;
  tombstone: boolean;
}
export interface ActualCategoryRow {
  id: string;
  name: string | null;
  group: string | null;
  tombstone: boolean;
}
export interface ActualTransactionRow {
  id: string;
  acct: string | null;
  category: string | null;
  /** Cents; null when the cell holds no whole number. */
  amount: number | null;
  /** The payee's id (Actual's `description` column). */
  payee: string | null;
  notes: string | null;
  /** YYYYMMDD; null when the cell holds no whole number. */
  date: number | null;
  isParent: boolean;
  isChild: boolean;
  parentId: string | null;
  transferredId: string | null;
  startingBalance: boolean;
  tombstone: boolean;
}
export interface ActualBudgetRow {
  id: string;
  month: number | null;
  category: string | null;
  amount: number | null;
}

export interface ActualRows {
  accounts: ActualAccountRow[];
  payees: ActualPayeeRow[];
  groups: ActualGroupRow[];
  categories: ActualCategoryRow[];
  /** In date order, then Actual's own order within a day. */
  transactions: ActualTransactionRow[];
  budgets: ActualBudgetRow[];
  /** Merged categories and payees: id → the id it now is (absent: itself). */
  categoryMapping: Map<string, string>;
  payeeMapping: Map<string, string>;
}

type Row = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'bigint'
      ? String(value)
      : null;
const id = (value: unknown): string => text(value) ?? '';
const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
// Actual writes 0/1; PGlite-era and hand-edited files may hold booleans or text.
const flag = (value: unknown): boolean => value === 1 || value === true || value === '1' || value === 'true';

/** Reads the rows from db.sqlite's bytes, or refuses a file that is not an Actual database. */
export function readActualRows(bytes: Uint8Array): ActualRows {
  return withActualDatabase(bytes, (db, columns) => {
    const has = (table: string) => (OPTIONAL[table] ?? []).every((column) => columns.get(table)?.has(column));
    const all = (sql: string) => db.prepare(sql).all() as Row[];
    // Within a day, Actual's own order (sort_order) when the file has it.
    const order = columns.get('transactions')?.has('sort_order') ? 'date, sort_order, id' : 'date, id';
    return {
      accounts: all('SELECT id, name, offbudget, closed, tombstone FROM accounts').map((row) => ({
        id: id(row.id),
        name: text(row.name)?.trim() ?? '',
        offbudget: flag(row.offbudget),
        closed: flag(row.closed),
        tombstone: flag(row.tombstone),
      })),
      payees: all('SELECT id, name, transfer_acct, tombstone FROM payees').map((row) => ({
        id: id(row.id),
        name: text(row.name),
        transferAcct: text(row.transfer_acct),
        tombstone: flag(row.tombstone),
      })),
      groups: all('SELECT id, name, tombstone FROM category_groups').map((row) => ({
        id: id(row.id),
        name: text(row.name),
        tombstone: flag(row.tombstone),
      })),
      categories: all('SELECT id, name, cat_group, tombstone FROM categories').map((row) => ({
        id: id(row.id),
        name: text(row.name),
        group: text(row.cat_group),
        tombstone: flag(row.tombstone),
      })),
      transactions: all(
        `SELECT id, acct, category, amount, description, notes, date, isParent, isChild, parent_id, transferred_id, tombstone, starting_balance_flag
           FROM transactions ORDER BY ${order}`,
      ).map(transactionRow),
      budgets: has('zero_budgets')
        ? all('SELECT id, month, category, amount FROM zero_budgets ORDER BY month, id').map((row) => ({
            id: id(row.id),
            month: whole(row.month),
            category: text(row.category),
            amount: whole(row.amount),
          }))
        : [],
      categoryMapping: has('category_mapping')
        ? mapping(all('SELECT id, transferId AS target FROM category_mapping'))
        : new Map(),
      payeeMapping: has('payee_mapping')
        ? mapping(all('SELECT id, targetId AS target FROM payee_mapping'))
        : new Map(),
    };
  });
}

function transactionRow(row: Row): ActualTransactionRow {
  return {
    id: id(row.id),
    acct: text(row.acct),
    category: text(row.category),
    amount: whole(row.amount),
    payee: text(row.description),
    notes: text(row.notes),
    date: whole(row.date),
    isParent: flag(row.isParent),
    isChild: flag(row.isChild),
    parentId: text(row.parent_id),
    transferredId: text(row.transferred_id),
    startingBalance: flag(row.starting_balance_flag),
    tombstone: flag(row.tombstone),
  };
}

function mapping(rows: Row[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const row of rows) {
    const from = text(row.id);
    const to = text(row.target);
    if (from !== null && to !== null && from !== to) map.set(from, to);
  }
  return map;
}
