import { describe, expect, it } from 'vitest';
import { errorOf, fixtureText } from '../fixtures/reader-errors';
import { appAccountTotals } from './app-export-totals';
import { readYnabExport } from './ynab';

const register = () => fixtureText('switching-ynab-register.csv');

const HEADER =
  '"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('readYnabExport: the register fixture', () => {
  const data = readYnabExport(register(), null);

  it('lists each account once, its kind from the name, in the book currency', () => {
    expect(data.app).toBe('ynab');
    expect(data.accounts).toEqual([
      { name: 'Everyday Checking', kind: 'checking', currency: null },
      { name: 'Visa Card', kind: 'credit card', currency: null },
      { name: 'Rainy Day Savings', kind: 'savings', currency: null },
    ]);
  });

  it('adds up per account to the file, the transfer to an account outside the export included', () => {
    // The file's Everyday Checking rows sum to 2,216.59, its $500.00 to "Brokerage" among them.
    expect(Object.fromEntries(appAccountTotals(data))).toEqual({
      'Everyday Checking': 221_659,
      'Visa Card': 20_648,
      'Rainy Day Savings': 40_125,
    });
  });

  it('pairs each transfer once: the savings deposit, the card payment and the split’s transfer line', () => {
    expect(data.transfers).toEqual([
      {
        source: 'lines 4 and 21',
        from: 'Everyday Checking',
        to: 'Rainy Day Savings',
        date: '2024-01-05',
        amountCents: 30_000,
        toAmountCents: 30_000,
        memo: 'Monthly saving',
      },
      {
        source: 'lines 8 and 19',
        from: 'Everyday Checking',
        to: 'Visa Card',
        date: '2024-01-15',
        amountCents: 41_277,
        toAmountCents: 41_277,
        memo: null,
      },
      {
        source: 'lines 12 and 22',
        from: 'Everyday Checking',
        to: 'Rainy Day Savings',
        date: '2024-01-25',
        amountCents: 10_000,
        toAmountCents: 10_000,
        memo: 'vacation fund',
      },
    ]);
    // No paired transfer row is also a transaction: only the one to an account outside the export is.
    expect(data.transactions.filter((t) => t.payee?.startsWith('Transfer')).map((t) => t.source)).toEqual(['line 13']);
  });

  it('groups a split into one transaction whose lines sum to it, memos without "Split (i/n)"', () => {
    const split = data.transactions.find((t) => t.payee === 'Fresh Market');
    expect(split).toEqual({
      source: 'lines 5, 6 and 7',
      account: 'Everyday Checking',
      date: '2024-01-08',
      payee: 'Fresh Market',
      amountCents: -8_554,
      memo: null,
      lines: [
        {
          category: { group: 'Everyday Expenses', name: 'Groceries' },
          amountCents: -6_420,
          memo: 'weekly food',
        },
        { category: { group: 'Everyday Expenses', name: 'Household' }, amountCents: -1_235, memo: 'soap' },
        { category: { group: 'Health', name: 'Pharmacy' }, amountCents: -899, memo: null },
      ],
    });
  });

  it('keeps the rest of a split whose one line is a transfer, and says so', () => {
    const costco = data.transactions.find((t) => t.payee === 'Costco');
    expect(costco?.amountCents).toBe(-4_000);
    expect(costco?.lines).toEqual([
      {
        category: { group: 'Everyday Expenses', name: 'Groceries' },
        amountCents: -4_000,
        memo: 'bulk groceries',
      },
    ]);
    expect(data.leftBehind).toContainEqual({
      source: 'line 12',
      reason:
        'a transfer line of a split: brought over as a transfer of its own to "Rainy Day Savings", outside the split',
    });
  });

  it('reads income as uncategorised, refunds as money in, and categories with their groups', () => {
    const income = data.transactions.filter((t) => t.payee === 'Acme Payroll');
    expect(income.map((t) => [t.date, t.amountCents, t.lines])).toEqual([
      ['2024-01-02', 245_000, []],
      ['2024-01-31', 245_000, []],
    ]);
    const refund = data.transactions.find((t) => t.memo === 'returned lamp shade');
    expect(refund).toMatchObject({
      account: 'Visa Card',
      amountCents: 2_500,
      lines: [{ category: { group: 'Everyday Expenses', name: 'Household' }, amountCents: 2_500 }],
    });
    const rent = data.transactions.find((t) => t.payee === 'Landlord Properties');
    expect(rent).toMatchObject({
      source: 'line 3',
      amountCents: -120_000,
      memo: 'January rent',
      lines: [{ category: { group: 'Bills', name: 'Rent' } }],
    });
  });

  it('leaves behind the zero row and the transfer to an account not in the export, with reasons', () => {
    expect(data.leftBehind).toEqual([
      { source: 'line 10', reason: 'a zero amount' },
      {
        source: 'line 13',
        reason: 'a transfer to "Brokerage" (500.00), an account that is not in this export: brought as a transaction without a category',
      },
      {
        source: 'line 12',
        reason:
          'a transfer line of a split: brought over as a transfer of its own to "Rainy Day Savings", outside the split',
      },
    ]);
    // 22 rows: 12 transactions (14 rows: the splits hold 3 and 1), 3 transfers (6 rows), the zero row
    // left behind, and the transfer to Brokerage brought as a 13th transaction.
    expect(data.transactions).toHaveLength(13);
  });
});

describe('readYnabExport: formats and refusals', () => {
  it('reads day-first dates and "1.234,56€" amounts, with a BOM inside the quoted header', () => {
    const text = [
      '\uFEFF"\uFEFFAccount","Date","Payee","Category Group","Category","Memo","Outflow","Inflow"',
      '"Girokonto","03/02/2024","Miete","Fixkosten","Miete","","1.234,56€","0,00€"',
      '"Girokonto","15/02/2024","Arbeitgeber","Inflow","To be Budgeted","","0,00€","2.500,00€"',
    ].join('\r\n');
    const data = readYnabExport(text, null);
    expect(data.transactions.map((t) => [t.date, t.amountCents, t.lines.length])).toEqual([
      ['2024-02-03', -123_456, 1],
      ['2024-02-15', 250_000, 0],
    ]);
  });

  it('asks about dates that read both ways rather than guessing', () => {
    const text = csv(
      '"Checking","","03/04/2024","Cafe","Food: Cafe","Food","Cafe","","$4.00","$0.00","Cleared"',
      '"Checking","","05/06/2024","Cafe","Food: Cafe","Food","Cafe","","$4.00","$0.00","Cleared"',
    );
    expect(errorOf(() => readYnabExport(text, null)).message).toMatch(
      /^The dates in this YNAB export read both month first and day first \(like 03\/04\/2024\)/,
    );
    // The person's answer decides, and only where the file leaves the doubt.
    expect(readYnabExport(text, null, 'day-first').transactions.map((t) => t.date)).toEqual(['2024-04-03', '2024-06-05']);
    expect(readYnabExport(text, null, 'month-first').transactions.map((t) => t.date)).toEqual(['2024-03-04', '2024-05-06']);
    const evident = csv(
      '"Checking","","03/04/2024","Cafe","Food: Cafe","Food","Cafe","","$4.00","$0.00","Cleared"',
      '"Checking","","03/25/2024","Cafe","Food: Cafe","Food","Cafe","","$4.00","$0.00","Cleared"',
    );
    expect(readYnabExport(evident, null, 'day-first').transactions.map((t) => t.date)).toEqual(['2024-03-04', '2024-03-25']);
  });

  it('still brings over a transfer whose other row is missing, when that account is in the export', () => {
    const text = csv(
      '"Checking","","01/20/2024","Cafe","Food: Cafe","Food","Cafe","","$4.00","$0.00","Cleared"',
      '"Savings","","01/13/2024","Transfer : Checking","","","","","$50.00","$0.00","Cleared"',
    );
    expect(readYnabExport(text, null).transfers).toEqual([
      {
        source: 'line 3',
        from: 'Savings',
        to: 'Checking',
        date: '2024-01-13',
        amountCents: 5_000,
        toAmountCents: 5_000,
        memo: null,
      },
    ]);
  });

  it('pairs two equal transfers on one day as two transfers, not crossed or doubled', () => {
    const leg = (account: string, other: string, out: string, inflow: string) =>
      `"${account}","","01/15/2024","Transfer : ${other}","","","","","${out}","${inflow}","Cleared"`;
    const text = csv(
      leg('Checking', 'Savings', '$20.00', '$0.00'),
      leg('Checking', 'Savings', '$20.00', '$0.00'),
      leg('Savings', 'Checking', '$0.00', '$20.00'),
      leg('Savings', 'Checking', '$0.00', '$20.00'),
    );
    expect(readYnabExport(text, null).transfers.map((t) => t.source)).toEqual([
      'lines 2 and 4',
      'lines 3 and 5',
    ]);
  });

  it('reads older files that have only the joined "Category Group/Category" column', () => {
    const text = [
      '"Account","Date","Payee","Category Group/Category","Memo","Outflow","Inflow"',
      '"Checking","01/20/2024","Cafe","Food: Coffee","","$4.00","$0.00"',
    ].join('\n');
    expect(readYnabExport(text, null).transactions[0]?.lines[0]?.category).toEqual({
      group: 'Food',
      name: 'Coffee',
    });
  });

  it('refuses a row without an account or with an unreadable date, naming its line', () => {
    const noAccount = csv(
      '"Checking","","01/20/2024","Cafe","","","","","$4.00","$0.00",""',
      '"","","01/21/2024","Cafe","","","","","$4.00","$0.00",""',
    );
    expect(errorOf(() => readYnabExport(noAccount, null)).message).toBe(
      'Line 3: the row names no account (its "Account" cell is empty).',
    );
    const badDate = csv(
      '"Checking","","01/20/2024","Cafe","","","","","$4.00","$0.00",""',
      '"Checking","","someday","Cafe","","","","","$4.00","$0.00",""',
    );
    expect(errorOf(() => readYnabExport(badDate, null)).line).toBe(3);
  });

  it('refuses a file that mixes decimal points and decimal commas', () => {
    const text = csv(
      '"Checking","","01/20/2024","Cafe","","","","","$4.50","$0.00",""',
      '"Checking","","01/21/2024","Cafe","","","","","4,50 €","0,00 €",""',
    );
    expect(errorOf(() => readYnabExport(text, null)).message).toMatch(
      /both a decimal point and a decimal comma/,
    );
  });

  it('refuses a Mint export, naming what a YNAB register has', () => {
    const mint = fixtureText('switching-mint-transactions.csv');
    expect(errorOf(() => readYnabExport(mint, null)).message).toBe(
      'This is not a YNAB register export: it has no "Outflow" column.',
    );
  });
});
