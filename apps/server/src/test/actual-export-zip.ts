/**
 * Actual Budget exports built in memory, for the tests of the Actual reader (and browser tests that
 * upload one): an SQLite database with the tables of Actual's loot-core schema that the reader
 * uses, plus a few it does not (so the reader is seen to tolerate them), zipped with a
 * metadata.json as Actual's "Export data" does.
 *
 * Like Actual, every account gets its transfer payee (name '', transfer_acct = the account), and
 * every category and payee maps to itself in category_mapping / payee_mapping.
 */
import Database from 'better-sqlite3';
import { strToU8, zipSync } from 'fflate';

export interface ActualAccountSpec {
  id: string;
  name: string;
  offbudget?: boolean;
  closed?: boolean;
  tombstone?: boolean;
}

export interface ActualPayeeSpec {
  id: string;
  name: string;
  tombstone?: boolean;
}

export interface ActualGroupSpec {
  id: string;
  name: string;
  isIncome?: boolean;
  tombstone?: boolean;
}

export interface ActualCategorySpec {
  id: string;
  name: string;
  group: string;
  isIncome?: boolean;
  tombstone?: boolean;
}

/** One row of `transactions`, as Actual stores it; `transfer` and `split` below write the linked rows. */
export interface ActualTransactionSpec {
  id: string;
  acct: string;
  /** Cents, negative = money out. */
  amount: number;
  /** YYYYMMDD. */
  date: number;
  category?: string | null;
  /** The payee's id (Actual's `description` column). */
  payee?: string | null;
  notes?: string | null;
  isParent?: boolean;
  isChild?: boolean;
  parentId?: string | null;
  transferredId?: string | null;
  startingBalance?: boolean;
  tombstone?: boolean;
}

export interface ActualBudgetSpec {
  /** YYYYMM. */
  month: number;
  category: string;
  amount: number;
}

export interface ActualExportSpec {
  accounts: ActualAccountSpec[];
  payees?: ActualPayeeSpec[];
  groups?: ActualGroupSpec[];
  categories?: ActualCategorySpec[];
  transactions?: ActualTransactionSpec[];
  /** Merged categories: from id → the category it was merged into. */
  categoryMapping?: Record<string, string>;
  /** Merged payees: from id → the payee it was merged into. */
  payeeMapping?: Record<string, string>;
  /** Null: the database has no zero_budgets table at all (a budget that never used envelopes). */
  budgets?: ActualBudgetSpec[] | null;
}

/** The id Actual's transfer payee of an account has here. */
export const transferPayeeId = (accountId: string) => `transfer-payee-${accountId}`;

/** Both legs of a transfer of `amount` cents from one account to another, each pointing at the other. */
export function transfer(
  id: string,
  from: string,
  to: string,
  amount: number,
  date: number,
  notes: string | null = null,
): ActualTransactionSpec[] {
  return [
    {
      id: `${id}-out`,
      acct: from,
      amount: -amount,
      date,
      payee: transferPayeeId(to),
      notes,
      transferredId: `${id}-in`,
    },
    {
      id: `${id}-in`,
      acct: to,
      amount,
      date,
      payee: transferPayeeId(from),
      notes,
      transferredId: `${id}-out`,
    },
  ];
}

/** A split: the parent row and one child row per line, the parent's amount the lines' sum unless given. */
export function split(
  parent: Omit<ActualTransactionSpec, 'isParent' | 'amount' | 'category'> & { amount?: number },
  lines: Array<{ amount: number; category: string | null; notes?: string | null; tombstone?: boolean }>,
): ActualTransactionSpec[] {
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  return [
    { ...parent, amount: parent.amount ?? sum, isParent: true, category: null },
    ...lines.map((line, index) => ({
      id: `${parent.id}-line-${index + 1}`,
      acct: parent.acct,
      amount: line.amount,
      date: parent.date,
      category: line.category,
      payee: parent.payee ?? null,
      notes: line.notes ?? null,
      isChild: true,
      parentId: parent.id,
      tombstone: line.tombstone ?? false,
    })),
  ];
}

// Actual's columns the reader uses, and a few of the others Actual has, so the reader meets a
// schema wider than what it reads.
const SCHEMA = `
  CREATE TABLE accounts (id TEXT PRIMARY KEY, account_id TEXT, name TEXT, balance_current INTEGER, bank TEXT,
    offbudget INTEGER DEFAULT 0, closed INTEGER DEFAULT 0, tombstone INTEGER DEFAULT 0, sort_order REAL, type TEXT);
  CREATE TABLE payees (id TEXT PRIMARY KEY, name TEXT, category TEXT, tombstone INTEGER DEFAULT 0, transfer_acct TEXT, favorite INTEGER DEFAULT 0);
  CREATE TABLE payee_mapping (id TEXT PRIMARY KEY, targetId TEXT);
  CREATE TABLE category_groups (id TEXT PRIMARY KEY, name TEXT, is_income INTEGER DEFAULT 0, sort_order REAL, tombstone INTEGER DEFAULT 0, hidden BOOLEAN NOT NULL DEFAULT 0);
  CREATE TABLE categories (id TEXT PRIMARY KEY, name TEXT, is_income INTEGER DEFAULT 0, cat_group TEXT, sort_order REAL, tombstone INTEGER DEFAULT 0, hidden BOOLEAN NOT NULL DEFAULT 0, goal_def TEXT);
  CREATE TABLE category_mapping (id TEXT PRIMARY KEY, transferId TEXT);
  CREATE TABLE transactions (id TEXT PRIMARY KEY, isParent INTEGER DEFAULT 0, isChild INTEGER DEFAULT 0, acct TEXT, category TEXT,
    amount INTEGER, description TEXT, notes TEXT, date INTEGER, financial_id TEXT, type TEXT, location TEXT, error TEXT,
    imported_description TEXT, starting_balance_flag INTEGER DEFAULT 0, transferred_id TEXT, sort_order REAL,
    tombstone INTEGER DEFAULT 0, cleared INTEGER DEFAULT 1, pending INTEGER DEFAULT 0, parent_id TEXT, schedule TEXT, reconciled INTEGER DEFAULT 0);
  CREATE TABLE notes (id TEXT PRIMARY KEY, note TEXT);
  CREATE TABLE messages_crdt (id INTEGER PRIMARY KEY, timestamp TEXT NOT NULL UNIQUE, dataset TEXT NOT NULL, row TEXT NOT NULL, column TEXT NOT NULL, value BLOB NOT NULL);
  CREATE TABLE __migrations__ (id INT PRIMARY KEY NOT NULL);
`;

const flag = (value: boolean | undefined) => (value ? 1 : 0);

/** The bytes of the db.sqlite file of an Actual budget holding `spec`. */
export function actualDatabase(spec: ActualExportSpec): Buffer {
  const db = new Database(':memory:');
  try {
    db.exec(SCHEMA);
    if (spec.budgets !== null)
      db.exec(
        'CREATE TABLE zero_budgets (id TEXT PRIMARY KEY, month INTEGER, category TEXT, amount INTEGER, carryover INTEGER DEFAULT 0, goal INTEGER DEFAULT NULL)',
      );
    const insertAccount = db.prepare(
      'INSERT INTO accounts (id, name, offbudget, closed, tombstone, sort_order) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const insertPayee = db.prepare(
      'INSERT INTO payees (id, name, tombstone, transfer_acct) VALUES (?, ?, ?, ?)',
    );
    const insertPayeeMapping = db.prepare('INSERT INTO payee_mapping (id, targetId) VALUES (?, ?)');
    const insertGroup = db.prepare(
      'INSERT INTO category_groups (id, name, is_income, tombstone) VALUES (?, ?, ?, ?)',
    );
    const insertCategory = db.prepare(
      'INSERT INTO categories (id, name, cat_group, is_income, tombstone) VALUES (?, ?, ?, ?, ?)',
    );
    const insertCategoryMapping = db.prepare('INSERT INTO category_mapping (id, transferId) VALUES (?, ?)');
    const insertTransaction = db.prepare(
      `INSERT INTO transactions (id, acct, category, amount, description, notes, date, isParent, isChild, parent_id,
        transferred_id, tombstone, starting_balance_flag, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    spec.accounts.forEach((account, index) => {
      insertAccount.run(
        account.id,
        account.name,
        flag(account.offbudget),
        flag(account.closed),
        flag(account.tombstone),
        index + 1,
      );
      insertPayee.run(transferPayeeId(account.id), '', flag(account.tombstone), account.id);
      insertPayeeMapping.run(transferPayeeId(account.id), transferPayeeId(account.id));
    });
    const payeeMapping = spec.payeeMapping ?? {};
    for (const payee of spec.payees ?? []) {
      insertPayee.run(payee.id, payee.name, flag(payee.tombstone), null);
      insertPayeeMapping.run(payee.id, payeeMapping[payee.id] ?? payee.id);
    }
    for (const group of spec.groups ?? [])
      insertGroup.run(group.id, group.name, flag(group.isIncome), flag(group.tombstone));
    const categoryMapping = spec.categoryMapping ?? {};
    for (const category of spec.categories ?? []) {
      insertCategory.run(
        category.id,
        category.name,
        category.group,
        flag(category.isIncome),
        flag(category.tombstone),
      );
      insertCategoryMapping.run(category.id, categoryMapping[category.id] ?? category.id);
    }
    (spec.transactions ?? []).forEach((row, index) => {
      insertTransaction.run(
        row.id,
        row.acct,
        row.category ?? null,
        row.amount,
        row.payee ?? null,
        row.notes ?? null,
        row.date,
        flag(row.isParent),
        flag(row.isChild),
        row.parentId ?? null,
        row.transferredId ?? null,
        flag(row.tombstone),
        flag(row.startingBalance),
        index + 1,
      );
    });
    if (spec.budgets) {
      const insertBudget = db.prepare(
        'INSERT INTO zero_budgets (id, month, category, amount) VALUES (?, ?, ?, ?)',
      );
      for (const budget of spec.budgets)
        insertBudget.run(`${budget.month}-${budget.category}`, budget.month, budget.category, budget.amount);
    }
    return db.serialize();
  } finally {
    db.close();
  }
}

/** An export zip as Actual writes it: db.sqlite and metadata.json; `files` replaces or adds entries. */
export function actualExportZip(
  spec: ActualExportSpec | null,
  files: Record<string, Uint8Array> = {},
): Uint8Array {
  const metadata = {
    id: 'My-Finances-3f2a9c1',
    budgetName: 'My Finances',
    resetClock: true,
    lastScheduleRun: '2024-03-31',
  };
  return zipSync({
    ...(spec ? { 'db.sqlite': new Uint8Array(actualDatabase(spec)) } : {}),
    'metadata.json': strToU8(JSON.stringify(metadata)),
    ...files,
  });
}

/**
 * A household's first quarter of 2024 in Actual: checking, savings, a closed card and an off-budget
 * investment account; groceries split with household goods, transfers (one of them deleted), a
 * category merged into another, a payee merged into its twin, a starting balance and envelope budgets.
 */
export function sampleActualExportSpec(): ActualExportSpec {
  return {
    accounts: [
      { id: 'acct-checking', name: 'Everyday Checking' },
      { id: 'acct-savings', name: 'Emergency Savings' },
      { id: 'acct-card', name: 'Chase Sapphire Visa', closed: true },
      { id: 'acct-brokerage', name: 'Brokerage', offbudget: true },
      { id: 'acct-old', name: 'Old Wallet', tombstone: true },
    ],
    payees: [
      { id: 'payee-start', name: 'Starting Balance' },
      { id: 'payee-employer', name: 'Acme Corp' },
      { id: 'payee-grocer', name: 'Trader Joe’s' },
      { id: 'payee-grocer-dup', name: 'Trader Joes', tombstone: true },
      { id: 'payee-landlord', name: 'Maple Street Apartments' },
      { id: 'payee-cafe', name: 'Blue Bottle Coffee' },
    ],
    payeeMapping: { 'payee-grocer-dup': 'payee-grocer' },
    groups: [
      { id: 'group-usual', name: 'Usual Expenses' },
      { id: 'group-bills', name: 'Bills' },
      { id: 'group-income', name: 'Income', isIncome: true },
    ],
    categories: [
      { id: 'cat-food', name: 'Food', group: 'group-usual' },
      { id: 'cat-household', name: 'Household', group: 'group-usual' },
      { id: 'cat-restaurants', name: 'Restaurants', group: 'group-usual' },
      // Merged into Restaurants: its rows keep this id, category_mapping sends them on.
      { id: 'cat-eating-out', name: 'Eating Out', group: 'group-usual', tombstone: true },
      { id: 'cat-rent', name: 'Rent', group: 'group-bills' },
      { id: 'cat-salary', name: 'Salary', group: 'group-income', isIncome: true },
      { id: 'cat-starting', name: 'Starting Balances', group: 'group-income', isIncome: true },
    ],
    categoryMapping: { 'cat-eating-out': 'cat-restaurants' },
    transactions: [
      {
        id: 'tx-open',
        acct: 'acct-checking',
        amount: 250_000,
        date: 20240101,
        payee: 'payee-start',
        category: 'cat-starting',
        startingBalance: true,
      },
      {
        id: 'tx-open-savings',
        acct: 'acct-savings',
        amount: 1_000_000,
        date: 20240101,
        payee: 'payee-start',
        startingBalance: true,
      },
      {
        id: 'tx-salary-jan',
        acct: 'acct-checking',
        amount: 412_550,
        date: 20240131,
        payee: 'payee-employer',
        category: 'cat-salary',
        notes: 'January pay',
      },
      {
        id: 'tx-rent-jan',
        acct: 'acct-checking',
        amount: -180_000,
        date: 20240103,
        payee: 'payee-landlord',
        category: 'cat-rent',
      },
      ...split(
        {
          id: 'tx-grocery',
          acct: 'acct-checking',
          date: 20240106,
          payee: 'payee-grocer',
          notes: 'Weekly shop',
        },
        [
          { amount: -8_432, category: 'cat-food' },
          { amount: -2_150, category: 'cat-household', notes: 'Paper towels' },
        ],
      ),
      {
        id: 'tx-cafe',
        acct: 'acct-card',
        amount: -675,
        date: 20240109,
        payee: 'payee-cafe',
        category: 'cat-eating-out',
      },
      {
        id: 'tx-grocer-dup',
        acct: 'acct-card',
        amount: -4_210,
        date: 20240112,
        payee: 'payee-grocer-dup',
        category: 'cat-food',
      },
      {
        id: 'tx-deleted',
        acct: 'acct-checking',
        amount: -99_999,
        date: 20240115,
        payee: 'payee-cafe',
        category: 'cat-food',
        tombstone: true,
      },
      {
        id: 'tx-old-wallet',
        acct: 'acct-old',
        amount: -1_000,
        date: 20240116,
        payee: 'payee-cafe',
        tombstone: true,
      },
      ...transfer('tr-save', 'acct-checking', 'acct-savings', 50_000, 20240201, 'Monthly saving'),
      ...transfer('tr-card', 'acct-checking', 'acct-card', 4_885, 20240215),
      ...transfer('tr-invest', 'acct-savings', 'acct-brokerage', 200_000, 20240301),
      // A transfer deleted in Actual: both legs tombstoned, neither is read.
      ...transfer('tr-deleted', 'acct-checking', 'acct-savings', 7_777, 20240305).map((row) => ({
        ...row,
        tombstone: true,
      })),
      {
        id: 'tx-rent-feb',
        acct: 'acct-checking',
        amount: -180_000,
        date: 20240203,
        payee: 'payee-landlord',
        category: 'cat-rent',
      },
      {
        id: 'tx-uncategorised',
        acct: 'acct-checking',
        amount: -2_599,
        date: 20240220,
        payee: null,
        notes: 'Cash for the market',
      },
    ],
    budgets: [
      { month: 202401, category: 'cat-food', amount: 40_000 },
      { month: 202401, category: 'cat-rent', amount: 180_000 },
      { month: 202402, category: 'cat-food', amount: 42_500 },
      { month: 202402, category: 'cat-rent', amount: 180_000 },
      { month: 202402, category: 'cat-household', amount: 0 },
    ],
  };
}

/** The sample household's export, as the zip a person downloads from Actual. */
export function sampleActualExport(): Uint8Array {
  return actualExportZip(sampleActualExportSpec());
}
