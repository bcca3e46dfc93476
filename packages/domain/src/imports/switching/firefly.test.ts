import { describe, expect, it } from 'vitest';
import { errorOf, fixtureText } from '../fixtures/reader-errors';
import { appAccountTotals } from './app-export-totals';
import { readFireflyExport } from './firefly';


/** An older (v5) export: "native_*" columns, and withdrawals written as positive amounts. */
const OLD_HEADER =
  'user_id,group_id,journal_id,created_at,updated_at,group_title,type,amount,foreign_amount,currency_code,foreign_currency_code,native_currency_code,native_amount,description,date,source_name,source_iban,source_type,destination_name,destination_iban,destination_type,reconciled,category,budget,bill,tags,notes';
const oldRow = (
  type: string,
  amount: string,
  source: [string, string],
  destination: [string, string],
  rest: { currency?: string; category?: string; date?: string } = {},
) =>
  [
    '1',
    '7',
    '7',
    '',
    '',
    '',
    type,
    amount,
    '',
    rest.currency ?? 'EUR',
    '',
    'EUR',
    amount,
    'Something',
    rest.date ?? '2023-05-02T00:00:00+02:00',
    source[0],
    '',
    source[1],
    destination[0],
    '',
    destination[1],
    'false',
    rest.category ?? '',
    '',
    '',
    '',
    '',
  ].join(',');
const oldCsv = (...rows: string[]) => [OLD_HEADER, ...rows].join('\n');
const ASSET = 'Asset account';

describe('readFireflyExport: the v6 export fixture', () => {
  const data = readFireflyExport(fixtureText('switching-firefly-export.csv'));

  it('lists each own account once, with its kind and currency', () => {
    expect(data.app).toBe('firefly');
    expect(data.accounts).toEqual([
      { name: 'Checking Account', kind: 'checking', currency: 'EUR' },
      { name: 'Visa Credit Card', kind: 'credit card', currency: 'EUR' },
      { name: 'Savings Account', kind: 'savings', currency: 'EUR' },
      { name: 'US Dollar Account', kind: 'checking', currency: 'USD' },
      { name: 'Car Loan', kind: 'credit card', currency: 'EUR' },
    ]);
  });

  it('adds up per account to the file, in each account’s own currency', () => {
    expect(Object.fromEntries(appAccountTotals(data))).toEqual({
      'Checking Account': 206_023,
      'Visa Credit Card': -7_226,
      'Savings Account': 30_125,
      'US Dollar Account': 20_390,
      'Car Loan': -4_500,
    });
  });

  it('reads each transfer once, with what reached the other account in its currency', () => {
    expect(data.transfers).toEqual([
      {
        source: 'line 6',
        from: 'Checking Account',
        to: 'Savings Account',
        date: '2024-01-05',
        amountCents: 30_000,
        toAmountCents: 30_000,
        memo: 'Monthly saving',
      },
      {
        source: 'line 13',
        from: 'Checking Account',
        to: 'Visa Credit Card',
        date: '2024-01-15',
        amountCents: 41_277,
        toAmountCents: 41_277,
        memo: 'Credit card payment',
      },
      {
        source: 'line 14',
        from: 'Checking Account',
        to: 'US Dollar Account',
        date: '2024-01-16',
        amountCents: 20_000,
        toAmountCents: 21_640,
        memo: 'Dollars for the trip',
      },
    ]);
  });

  it('joins a split group into one transaction whose lines sum to it, titled by the group', () => {
    const split = data.transactions.find((t) => t.memo === 'Weekly shop');
    expect(split).toEqual({
      source: 'lines 7, 8 and 9',
      account: 'Visa Credit Card',
      date: '2024-01-08',
      payee: 'Supermarkt',
      amountCents: -8_554,
      memo: 'Weekly shop',
      lines: [
        { category: { group: null, name: 'Groceries' }, amountCents: -6_420, memo: 'Food' },
        { category: { group: null, name: 'Household' }, amountCents: -1_235, memo: 'Soap' },
        { category: { group: null, name: 'Health' }, amountCents: -899, memo: 'Cold medicine' },
      ],
    });
  });

  it('keeps each payee of a split with two expense accounts in its line', () => {
    const errands = data.transactions.find((t) => t.memo === 'Saturday errands');
    expect(errands).toMatchObject({ payee: null, amountCents: -2_550 });
    expect(errands?.lines.map((line) => line.memo)).toEqual(['Pharmacy Plus — Vitamins', 'Bakery — Bread']);
  });

  it('reads opening balances and reconciliations as uncategorised bookkeeping, signed by their side', () => {
    const byLine = (line: number) => data.transactions.find((t) => t.source === `line ${line}`);
    expect(byLine(2)).toEqual({
      source: 'line 2',
      account: 'Checking Account',
      date: '2024-01-01',
      payee: null,
      amountCents: 150_000,
      memo: 'Opening balance',
      lines: [],
    });
    expect(byLine(3)).toMatchObject({
      account: 'Visa Credit Card',
      amountCents: -25_000,
      payee: null,
      memo: 'Opening balance',
    });
    expect(byLine(22)).toMatchObject({
      account: 'Checking Account',
      amountCents: -150,
      payee: null,
      memo: 'Reconciliation (2024-01-01 to 2024-01-31)',
      lines: [],
    });
  });

  it('reads income, spending and a refund with payee, memo and notes', () => {
    const byLine = (line: number) => data.transactions.find((t) => t.source === `line ${line}`);
    expect(byLine(4)).toMatchObject({
      payee: 'Acme GmbH',
      amountCents: 245_000,
      lines: [{ category: { group: null, name: 'Salary' } }],
    });
    expect(byLine(5)).toMatchObject({
      payee: 'Hausverwaltung Berg',
      amountCents: -95_000,
      memo: 'Rent January — paid by standing order',
    });
    expect(byLine(12)).toMatchObject({
      account: 'Visa Credit Card',
      payee: 'Online Store',
      amountCents: 2_500,
    });
    // A note over two lines stays whole; the rows after it keep their physical line numbers.
    expect(byLine(16)?.memo).toBe('Streamly — yearly price went up\nto 15.99');
    // No category: no line. The date is the one written, whatever its offset.
    expect(byLine(21)).toMatchObject({
      account: 'Savings Account',
      date: '2024-01-31',
      amountCents: 125,
      lines: [],
    });
    expect(byLine(15)).toMatchObject({
      account: 'US Dollar Account',
      date: '2024-01-20',
      amountCents: -1_250,
    });
    expect(data.transactions).toHaveLength(14);
    expect(data.leftBehind).toEqual([]);
  });
});

describe('readFireflyExport: older exports, refusals and edges', () => {
  it('reads an older export with "native" columns and positive withdrawals by the type, not the sign', () => {
    const data = readFireflyExport(
      oldCsv(
        oldRow('Withdrawal', '12.50', ['Main', ASSET], ['Cafe', 'Expense account'], { category: 'Coffee' }),
        oldRow('Deposit', '100.00', ['Employer', 'Revenue account'], ['Main', ASSET]),
      ),
    );
    expect(data.transactions.map((t) => [t.account, t.payee, t.amountCents])).toEqual([
      ['Main', 'Cafe', -1_250],
      ['Main', 'Employer', 10_000],
    ]);
  });

  it('leaves behind a zero row and a kind of transaction Mindspend does not know', () => {
    const data = readFireflyExport(
      oldCsv(
        oldRow('Withdrawal', '0.00', ['Main', ASSET], ['Cafe', 'Expense account']),
        oldRow('Liability credit', '50.00', ['Someone', 'Liability credit account'], ['Loan', 'Loan']),
      ),
    );
    expect(data.leftBehind).toEqual([
      { source: 'line 2', reason: 'a zero amount' },
      {
        source: 'line 3',
        reason: 'a Firefly III "Liability credit" transaction, a kind Mindspend does not bring over',
      },
    ]);
  });

  it('refuses an account that shows two currencies, naming it', () => {
    const text = oldCsv(
      oldRow('Withdrawal', '5.00', ['Main', ASSET], ['Cafe', 'Expense account']),
      oldRow('Withdrawal', '5.00', ['Main', ASSET], ['Deli', 'Expense account'], { currency: 'USD' }),
    );
    expect(errorOf(() => readFireflyExport(text)).message).toBe(
      'Line 3: the account "Main" has transactions in both EUR and USD; Mindspend keeps one currency per account.',
    );
  });

  it('refuses a row without its own account or with an unreadable date, naming its line', () => {
    expect(
      errorOf(() =>
        readFireflyExport(oldCsv(oldRow('Withdrawal', '5.00', ['', ASSET], ['Cafe', 'Expense account']))),
      ).message,
    ).toBe('Line 2: the row names no account (its "source_name" cell is empty).');
    expect(
      errorOf(() =>
        readFireflyExport(
          oldCsv(
            oldRow('Deposit', '5.00', ['Job', 'Revenue account'], ['Main', ASSET], { date: '05/02/2023' }),
          ),
        ),
      ).message,
    ).toBe('Line 2: "05/02/2023" is not a date.');
  });

  it('refuses a Mint export, naming what a Firefly III export has', () => {
    const mint = fixtureText('switching-mint-transactions.csv');
    expect(errorOf(() => readFireflyExport(mint)).message).toBe(
      'This is not a Firefly III transactions export: it has no "source_name" column.',
    );
  });
});
