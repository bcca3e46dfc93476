import Database from 'better-sqlite3';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type AppExport, ImportError } from '@mindspend/domain';
import {
  type ActualExportSpec,
  actualDatabase,
  actualExportZip,
  sampleActualExport,
  sampleActualExportSpec,
  split,
  transfer,
  transferPayeeId,
} from '../../test/actual-export-zip';
import { DATABASE_TOO_LARGE, NOT_A_ZIP, NOT_SQLITE, NO_DATABASE, readActualExport } from './actual-export';

/** Each account's balance as Mindspend will have it: its transactions, plus transfers in, less transfers out. */
function balances(read: AppExport): Map<string, number> {
  const totals = new Map(read.accounts.map((account) => [account.name, 0]));
  const add = (account: string, cents: number) =>
    totals.set(account, (totals.get(account) ?? Number.NaN) + cents);
  for (const transaction of read.transactions) add(transaction.account, transaction.amountCents);
  for (const move of read.transfers) {
    add(move.from, -move.amountCents);
    add(move.to, move.toAmountCents);
  }
  return totals;
}

/** Each live account's balance as Actual shows it, summed by SQL over the database's live rows. */
function actualBalances(spec: ActualExportSpec): Map<string, number> {
  const db = new Database(actualDatabase(spec), { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT a.name AS name, COALESCE(SUM(t.amount), 0) AS total FROM accounts a
         LEFT JOIN transactions t ON t.acct = a.id AND t.tombstone = 0 AND t.isParent = 0
           AND (t.isChild = 0 OR EXISTS (SELECT 1 FROM transactions p WHERE p.id = t.parent_id AND p.tombstone = 0))
         WHERE a.tombstone = 0 GROUP BY a.id`,
      )
      .all() as Array<{ name: string; total: number }>;
    return new Map(rows.map((row) => [row.name, row.total]));
  } finally {
    db.close();
  }
}

const refusal = (zip: Uint8Array): string => {
  try {
    readActualExport(zip);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return (error as ImportError).message;
  }
  throw new Error('the export was read');
};

const minimal = (extra: Partial<ActualExportSpec>): ActualExportSpec => ({
  accounts: [
    { id: 'a', name: 'Checking' },
    { id: 'b', name: 'Savings' },
  ],
  payees: [{ id: 'shop', name: 'Corner Shop' }],
  groups: [{ id: 'g', name: 'Everyday' }],
  categories: [{ id: 'food', name: 'Food', group: 'g' }],
  ...extra,
});

describe('readActualExport: the sample household', () => {
  const spec = sampleActualExportSpec();
  const read = readActualExport(sampleActualExport());

  it('brings every live account, closed and off-budget ones too, with a kind from its name and no currency', () => {
    expect(read.app).toBe('actual');
    expect(read.accounts).toEqual([
      { name: 'Everyday Checking', kind: 'checking', currency: null },
      { name: 'Emergency Savings', kind: 'savings', currency: null },
      { name: 'Chase Sapphire Visa', kind: 'credit card', currency: null },
      { name: 'Brokerage', kind: 'checking', currency: null },
    ]);
  });

  it("gives each account the balance of its live rows in Actual's database, transfers counted on both sides", () => {
    expect(balances(read)).toEqual(actualBalances(spec));
    expect(balances(read).get('Everyday Checking')).toBe(
      250_000 + 412_550 - 180_000 - 10_582 - 50_000 - 4_885 - 180_000 - 2_599,
    );
  });

  it('keeps a split as one transaction whose lines add up to it', () => {
    const shop = read.transactions.filter(
      (transaction) => transaction.payee === 'Trader Joe’s' && transaction.account === 'Everyday Checking',
    );
    expect(shop).toHaveLength(1);
    expect(shop[0]).toMatchObject({ date: '2024-01-06', amountCents: -10_582, memo: 'Weekly shop' });
    expect(shop[0]?.lines).toEqual([
      { category: { group: 'Usual Expenses', name: 'Food' }, amountCents: -8_432, memo: null },
      { category: { group: 'Usual Expenses', name: 'Household' }, amountCents: -2_150, memo: 'Paper towels' },
    ]);
    expect(shop[0]?.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(shop[0]?.amountCents);
  });

  it('reads each transfer once, from the account the money left', () => {
    expect(read.transfers).toEqual([
      {
        source: 'transfer tr-save-out',
        from: 'Everyday Checking',
        to: 'Emergency Savings',
        date: '2024-02-01',
        amountCents: 50_000,
        toAmountCents: 50_000,
        memo: 'Monthly saving',
      },
      {
        source: 'transfer tr-card-out',
        from: 'Everyday Checking',
        to: 'Chase Sapphire Visa',
        date: '2024-02-15',
        amountCents: 4_885,
        toAmountCents: 4_885,
        memo: null,
      },
      {
        source: 'transfer tr-invest-out',
        from: 'Emergency Savings',
        to: 'Brokerage',
        date: '2024-03-01',
        amountCents: 200_000,
        toAmountCents: 200_000,
        memo: null,
      },
    ]);
    expect(read.transactions.filter((transaction) => transaction.payee?.startsWith('Transfer'))).toEqual([]);
  });

  it('leaves out what was deleted in Actual: rows, a transfer, an account', () => {
    const sources = [...read.transactions, ...read.transfers].map((move) => move.source);
    expect(sources).not.toContain('transaction tx-deleted');
    expect(sources).not.toContain('transfer tr-deleted-out');
    expect(read.transactions.some((transaction) => transaction.amountCents === -99_999)).toBe(false);
    expect(read.accounts.map((account) => account.name)).not.toContain('Old Wallet');
    expect(read.leftBehind).toEqual([]);
  });

  it('files a merged category and a merged payee under the ones they were merged into', () => {
    const cafe = read.transactions.find((transaction) => transaction.source === 'transaction tx-cafe');
    expect(cafe?.lines).toEqual([
      { category: { group: 'Usual Expenses', name: 'Restaurants' }, amountCents: -675, memo: null },
    ]);
    expect(
      read.transactions.find((transaction) => transaction.source === 'transaction tx-grocer-dup')?.payee,
    ).toBe('Trader Joe’s');
  });

  it('shows starting balances as Actual does, categorised only when Actual set a category', () => {
    const starts = read.transactions.filter((transaction) => transaction.payee === 'Starting Balance');
    expect(
      starts.map(({ account, date, amountCents, memo, lines }) => ({
        account,
        date,
        amountCents,
        memo,
        lines,
      })),
    ).toEqual([
      {
        account: 'Everyday Checking',
        date: '2024-01-01',
        amountCents: 250_000,
        memo: 'Starting balance',
        lines: [
          { category: { group: 'Income', name: 'Starting Balances' }, amountCents: 250_000, memo: null },
        ],
      },
      {
        account: 'Emergency Savings',
        date: '2024-01-01',
        amountCents: 1_000_000,
        memo: 'Starting balance',
        lines: [],
      },
    ]);
  });

  it('keeps an uncategorised row with no lines and its notes as memo', () => {
    expect(
      read.transactions.find((transaction) => transaction.source === 'transaction tx-uncategorised'),
    ).toEqual({
      source: 'transaction tx-uncategorised',
      account: 'Everyday Checking',
      date: '2024-02-20',
      payee: null,
      amountCents: -2_599,
      memo: 'Cash for the market',
      lines: [],
    });
  });

  it('reads the envelope budgets that hold an amount', () => {
    expect(read.budgets).toEqual([
      { category: { group: 'Usual Expenses', name: 'Food' }, month: '2024-01', amountCents: 40_000 },
      { category: { group: 'Bills', name: 'Rent' }, month: '2024-01', amountCents: 180_000 },
      { category: { group: 'Usual Expenses', name: 'Food' }, month: '2024-02', amountCents: 42_500 },
      { category: { group: 'Bills', name: 'Rent' }, month: '2024-02', amountCents: 180_000 },
    ]);
  });
});

describe('readActualExport: rows it cannot bring as they are', () => {
  it('leaves behind, with the reason, a transfer whose other half was deleted or is missing, and a zero row', () => {
    const [out, into] = transfer('t', 'a', 'b', 1_000, 20240301);
    const spec = minimal({
      transactions: [
        { ...out!, id: 'gone-out', transferredId: 'gone-in' },
        { ...into!, id: 'gone-in', transferredId: 'gone-out', tombstone: true },
        { ...out!, id: 'lost-out', transferredId: 'never-written' },
        { id: 'zero', acct: 'a', amount: 0, date: 20240302, payee: 'shop', category: 'food' },
      ],
    });
    const read = readActualExport(actualExportZip(spec));
    expect(read.transfers).toEqual([]);
    expect(read.transactions).toEqual([]);
    expect(read.leftBehind).toEqual([
      {
        source: 'transaction gone-out (Checking, 2024-03-01, -10.00)',
        reason: 'a transfer whose other half was deleted in Actual',
      },
      {
        source: 'transaction lost-out (Checking, 2024-03-01, -10.00)',
        reason: 'a transfer whose other half is missing from the export',
      },
      { source: 'transaction zero (Checking, 2024-03-02, 0.00)', reason: 'a zero amount' },
    ]);
  });

  it("brings a split whose total disagrees with its lines as the lines' sum, and says so", () => {
    const spec = minimal({
      transactions: split({ id: 'p', acct: 'a', date: 20240310, payee: 'shop', amount: -5_000 }, [
        { amount: -3_000, category: 'food' },
        { amount: -1_500, category: null },
        { amount: -700, category: 'food', tombstone: true },
      ]),
    });
    const read = readActualExport(actualExportZip(spec));
    expect(read.transactions).toEqual([
      {
        source: 'transaction p',
        account: 'Checking',
        date: '2024-03-10',
        payee: 'Corner Shop',
        amountCents: -4_500,
        memo: null,
        lines: [
          { category: { group: 'Everyday', name: 'Food' }, amountCents: -3_000, memo: null },
          { category: null, amountCents: -1_500, memo: null },
        ],
      },
    ]);
    expect(read.leftBehind).toEqual([
      {
        source: 'transaction p (Checking, 2024-03-10, -50.00)',
        reason: "the split's total -50.00 differs from its lines' sum -45.00; the lines were brought",
      },
    ]);
  });

  it('keeps a split line moved to another account in the split, and brings the other half to that account', () => {
    const spec = minimal({
      transactions: [
        ...split({ id: 'p', acct: 'a', date: 20240311, payee: 'shop' }, [
          { amount: -6_000, category: 'food' },
          { amount: -4_000, category: null, notes: 'Set aside' },
        ]).map((row) =>
          row.id === 'p-line-2' ? { ...row, payee: transferPayeeId('b'), transferredId: 'p-in' } : row,
        ),
        {
          id: 'p-in',
          acct: 'b',
          amount: 4_000,
          date: 20240311,
          payee: transferPayeeId('a'),
          transferredId: 'p-line-2',
        },
      ],
    });
    const read = readActualExport(actualExportZip(spec));
    expect(read.transfers).toEqual([]);
    expect(
      read.transactions.map(({ account, payee, amountCents, lines }) => ({
        account,
        payee,
        amountCents,
        lines,
      })),
    ).toEqual([
      {
        account: 'Checking',
        payee: 'Corner Shop',
        amountCents: -10_000,
        lines: [
          { category: { group: 'Everyday', name: 'Food' }, amountCents: -6_000, memo: null },
          { category: null, amountCents: -4_000, memo: 'Set aside' },
        ],
      },
      { account: 'Savings', payee: 'Transfer: Checking', amountCents: 4_000, lines: [] },
    ]);
    expect(balances(read)).toEqual(actualBalances(spec));
  });

  it('reads a database Actual left in WAL mode', () => {
    const bytes = actualDatabase(sampleActualExportSpec());
    bytes[18] = 2;
    bytes[19] = 2;
    const read = readActualExport(actualExportZip(null, { 'db.sqlite': new Uint8Array(bytes) }));
    expect(read.transactions.length).toBeGreaterThan(0);
  });

  it('reads a budget file without envelope budgets, and two accounts of one name apart', () => {
    const spec = minimal({
      accounts: [
        { id: 'a', name: 'Checking' },
        { id: 'b', name: 'Checking' },
      ],
      budgets: null,
    });
    const read = readActualExport(actualExportZip(spec));
    expect(read.budgets).toEqual([]);
    expect(read.accounts.map((account) => account.name)).toEqual(['Checking', 'Checking (2)']);
  });
});

describe('readActualExport: files it refuses', () => {
  it('refuses a file that is not a zip', () => {
    expect(refusal(strToU8('Date,Payee,Amount\n2024-01-01,Shop,-1.00\n'))).toBe(NOT_A_ZIP);
  });

  it('refuses a zip without db.sqlite', () => {
    expect(refusal(actualExportZip(null))).toBe(
      'This is not an Actual Budget export: it holds no db.sqlite.',
    );
    expect(NO_DATABASE).toBe('This is not an Actual Budget export: it holds no db.sqlite.');
  });

  it('refuses a db.sqlite that is not an SQLite database', () => {
    expect(refusal(actualExportZip(null, { 'db.sqlite': strToU8('not a database at all, just text') }))).toBe(
      NOT_SQLITE,
    );
  });

  it('refuses an SQLite database that is not an Actual budget', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE notes (id TEXT, note TEXT)');
    const bytes = new Uint8Array(db.serialize());
    db.close();
    expect(refusal(actualExportZip(null, { 'db.sqlite': bytes }))).toBe(
      'This is not an Actual Budget export: its db.sqlite has no accounts, payees, category_groups, categories, transactions.',
    );
  });

  it('refuses an accounts "table" that is a view, so none of the file\'s own SQL runs', () => {
    const db = new Database(actualDatabase(minimal({})));
    db.exec(
      'DROP TABLE accounts; CREATE VIEW accounts AS SELECT id, name, 0 AS offbudget, 0 AS closed, 0 AS tombstone FROM payees',
    );
    const bytes = new Uint8Array(db.serialize());
    db.close();
    expect(refusal(actualExportZip(null, { 'db.sqlite': bytes }))).toBe(
      'This is not an Actual Budget export: its db.sqlite has no accounts.',
    );
  });

  it('refuses a db.sqlite declared to unpack to more than 200 MB, before unpacking it', () => {
    const zip = zipSync({ 'db.sqlite': new Uint8Array(actualDatabase(minimal({}))) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    // The central directory's record (signature 0x02014b50) holds the unpacked size at offset 24.
    for (let offset = 0; offset + 4 <= zip.byteLength; offset += 1) {
      if (view.getUint32(offset, true) === 0x02014b50) view.setUint32(offset + 24, 201 * 1024 * 1024, true);
    }
    expect(refusal(zip)).toBe(DATABASE_TOO_LARGE);
  });
});
