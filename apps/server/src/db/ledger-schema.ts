/** Kysely table types of the ledger (migration 0002). */
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface AccountTypesTable {
  id: number;
  name: string;
}

export interface AccountsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  name: string;
  account_type_id: number;
  subtype: string | null;
  /** The member the account is private to in a shared book (migration 0036); null: the whole book sees it. */
  private_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who added the account (migration 0036): only they may make it private. Null before 0036. */
  created_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The ISO 4217 code the account keeps its money in (migration 0039); its book's base currency unless chosen. */
  currency: ColumnType<string, string | undefined, string>;
  created_at: string;
}

export interface AccountBalancesTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  account_id: number;
  current_balance_cents: number;
  available_balance_cents: number;
  limit_cents: number | null;
  /** `YYYY-MM-DD` the balance was read on. */
  date: string;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  type: 'income' | 'expense';
  /** The book whose own category it is (migration 0042); null: the shared default tree. */
  book_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SubcategoriesTable {
  id: Generated<number>;
  /** The book whose own sub-category it is (migration 0042); null: the shared default tree. */
  book_id: ColumnType<number | null, number | null | undefined, number | null>;
  category_id: number;
  name: string;
  emoji: string;
  type: 'income' | 'expense';
}

export interface EntitiesTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  name: string;
  name_short: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  created_at: string;
}

export interface TransactionsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  account_id: number;
  entity_id: number | null;
  type: 'income' | 'expense';
  /**
   * Always positive; the type says which way the money went. In the book's base currency: for a
   * row of an account in another currency, the account's amount converted at `fx_rate`.
   */
  amount_cents: number;
  /**
   * The amount in the account's currency when that is not the book's (migration 0039,
   * DECISIONS.md #90), with the rate (decimal text) and the rate's day that gave `amount_cents`;
   * all three null for a row in the base currency.
   */
  account_amount_cents: ColumnType<number | null, number | null | undefined, number | null>;
  fx_rate: ColumnType<string | null, string | null | undefined, string | null>;
  fx_date: ColumnType<string | null, string | null | undefined, string | null>;
  date: string;
  description: string | null;
  notes: string | null;
  payment_method: string | null;
  purpose: string | null;
  emotion: string | null;
  /** How it felt on a second look, beside the first feeling (migration 0016); null until then. */
  second_feeling: ColumnType<string | null, string | null | undefined, string | null>;
  /** The transfer this row is a leg of (migration 0017); null for income and spending. */
  transfer_id: ColumnType<number | null, number | null | undefined, number | null>;
  pending: number;
  /** Recognises an imported row when the same or an overlapping file comes again (migration 0005). */
  import_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface TransactionSplitsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  transaction_id: number;
  subcategory_id: number;
  /** The line's share in the book's base currency. */
  amount_cents: number;
  /** The share in the account's currency when that is not the book's (migration 0039); else null. */
  account_amount_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A transfer between two of the user's accounts: its two legs are rows of `transactions`. */
export interface TransfersTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  from_transaction_id: number;
  to_transaction_id: number;
  created_at: string;
}

/** A pair the user said is not a transfer (migration 0018): never suggested again. */
export interface TransferDismissalsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  from_transaction_id: number;
  to_transaction_id: number;
  created_at: string;
}

export interface LedgerTables {
  account_types: AccountTypesTable;
  accounts: AccountsTable;
  account_balances: AccountBalancesTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  entities: EntitiesTable;
  transactions: TransactionsTable;
  transaction_splits: TransactionSplitsTable;
  transfers: TransfersTable;
  transfer_dismissals: TransferDismissalsTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type BalanceRow = Selectable<AccountBalancesTable>;
export type EntityRow = Selectable<EntitiesTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type SubcategoryRow = Selectable<SubcategoriesTable>;
