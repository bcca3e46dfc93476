import { describe, expect, it } from 'vitest';
import { errorOf, fixtureText } from '../fixtures/reader-errors';
import { appAccountTotals } from './app-export-totals';
import { readMintExport } from './mint';


const HEADER =
  '"Date","Description","Original Description","Amount","Transaction Type","Category","Account Name","Labels","Notes"';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('readMintExport: the transactions fixture', () => {
  const data = readMintExport(fixtureText('switching-mint-transactions.csv'));

  it('lists each account once, its kind from the name', () => {
    expect(data.app).toBe('mint');
    expect(data.accounts).toEqual([
      { name: 'Chase Checking', kind: 'checking', currency: null },
      { name: 'Sapphire Visa', kind: 'credit card', currency: null },
      { name: 'Ally Savings', kind: 'savings', currency: null },
    ]);
  });

  it('adds up per account to the file’s debits and credits', () => {
    expect(Object.fromEntries(appAccountTotals(data))).toEqual({
      'Chase Checking': 291_713,
      'Sapphire Visa': 12_993,
      'Ally Savings': 50_125,
    });
  });

  it('pairs transfers and card payments across accounts within days, closest first, each row once', () => {
    expect(data.transfers).toEqual([
      {
        source: 'lines 5 and 6',
        from: 'Chase Checking',
        to: 'Ally Savings',
        date: '2024-01-05',
        amountCents: 30_000,
        toAmountCents: 30_000,
        memo: 'Monthly saving',
      },
      // The card shows the payment a day before the bank does; the date is the day it left the bank.
      {
        source: 'lines 12 and 13',
        from: 'Chase Checking',
        to: 'Sapphire Visa',
        date: '2024-01-16',
        amountCents: 41_277,
        toAmountCents: 41_277,
        memo: null,
      },
      // Two equal transfers on 1/29: the first takes the credit of 1/30, the second the one of 2/01.
      {
        source: 'lines 19 and 21',
        from: 'Chase Checking',
        to: 'Ally Savings',
        date: '2024-01-29',
        amountCents: 10_000,
        toAmountCents: 10_000,
        memo: null,
      },
      {
        source: 'lines 20 and 22',
        from: 'Chase Checking',
        to: 'Ally Savings',
        date: '2024-01-29',
        amountCents: 10_000,
        toAmountCents: 10_000,
        memo: null,
      },
    ]);
  });

  it('keeps unpaired transfer rows as transactions without a category: the money is real', () => {
    const atm = data.transactions.find((t) => t.payee === 'ATM Withdrawal');
    expect(atm).toMatchObject({
      source: 'line 14',
      account: 'Chase Checking',
      amountCents: -6_000,
      lines: [],
    });
    const gift = data.transactions.find((t) => t.payee === 'Transfer from Mom');
    expect(gift).toMatchObject({
      date: '2024-02-02',
      amountCents: 20_000,
      memo: 'birthday money',
      lines: [],
    });
  });

  it('reads debits as money out, credits (income, refunds) as money in, categories without groups', () => {
    const byLine = (line: number) => data.transactions.find((t) => t.source === `line ${line}`);
    expect(byLine(2)).toEqual({
      source: 'line 2',
      account: 'Chase Checking',
      date: '2024-01-02',
      payee: 'Acme Payroll',
      amountCents: 245_000,
      memo: null,
      lines: [{ category: { group: null, name: 'Paycheck' }, amountCents: 245_000, memo: null }],
    });
    expect(byLine(3)).toMatchObject({
      amountCents: -120_000,
      memo: 'January rent',
      lines: [{ category: { group: null, name: 'Mortgage & Rent' } }],
    });
    expect(byLine(11)).toMatchObject({
      account: 'Sapphire Visa',
      amountCents: 2_500,
      lines: [{ category: { group: null, name: 'Furnishings' }, amountCents: 2_500 }],
    });
    // "Uncategorized" is no category.
    expect(byLine(17)).toMatchObject({ payee: 'Venmo', amountCents: 3_500, lines: [] });
  });

  it('keeps the rows of a Mint split as separate transactions, one category each', () => {
    const parts = data.transactions.filter((t) => t.payee === 'Fresh Market');
    expect(parts.map((t) => [t.amountCents, t.lines[0]?.category?.name, t.memo])).toEqual([
      [-6_420, 'Groceries', 'weekly food'],
      [-1_235, 'Home Supplies', 'soap'],
    ]);
  });

  it('leaves behind the zero row, and brings every other row once', () => {
    expect(data.leftBehind).toEqual([{ source: 'line 16', reason: 'a zero amount' }]);
    // 24 rows: 15 transactions, 4 transfers (8 rows), 1 left behind.
    expect(data.transactions).toHaveLength(15);
  });
});

describe('readMintExport: refusals and edges', () => {
  it('does not pair transfers more than 3 days apart or within one account', () => {
    const data = readMintExport(
      csv(
        '"3/01/2024","Out","","50.00","debit","Transfer","Checking","",""',
        '"3/05/2024","In","","50.00","credit","Transfer","Savings","",""',
        '"3/10/2024","Out","","20.00","debit","Transfer","Checking","",""',
        '"3/10/2024","Back","","20.00","credit","Transfer","Checking","",""',
      ),
    );
    expect(data.transfers).toEqual([]);
    expect(data.transactions.map((t) => t.amountCents)).toEqual([-5_000, 5_000, -2_000, 2_000]);
  });

  it('pairs the closest rows first, not the first ones in the file', () => {
    const data = readMintExport(
      csv(
        '"3/01/2024","To savings","","50.00","debit","Transfer","Checking","",""',
        '"3/04/2024","To savings","","50.00","debit","Transfer","Checking","",""',
        '"3/04/2024","From checking","","50.00","credit","Transfer","Savings","",""',
        '"3/01/2024","From checking","","50.00","credit","Transfer","Savings","",""',
      ),
    );
    expect(data.transfers.map((t) => [t.source, t.date])).toEqual([
      ['lines 2 and 5', '2024-03-01'],
      ['lines 3 and 4', '2024-03-04'],
    ]);
    expect(data.transactions).toEqual([]);
  });

  it('refuses a row without an account or with an unreadable date, naming its line', () => {
    expect(
      errorOf(() => readMintExport(csv('"3/01/2024","Cafe","","4.00","debit","Coffee Shops","","",""')))
        .message,
    ).toBe('Line 2: the row names no account (its "Account Name" cell is empty).');
    expect(
      errorOf(() =>
        readMintExport(
          csv(
            '"3/01/2024","Cafe","","4.00","debit","Coffee Shops","Checking","",""',
            '"13/01/2024","Cafe","","4.00","debit","Coffee Shops","Checking","",""',
          ),
        ),
      ).line,
    ).toBe(3);
  });

  it('refuses a transaction type Mint does not write', () => {
    expect(
      errorOf(() =>
        readMintExport(csv('"3/01/2024","Cafe","","4.00","payment","Coffee Shops","Checking","",""')),
      ).message,
    ).toBe('Line 2: "payment" is not a transaction type Mint writes (debit or credit).');
  });

  it('refuses a YNAB register, naming what a Mint export has', () => {
    const ynab = fixtureText('switching-ynab-register.csv');
    expect(errorOf(() => readMintExport(ynab)).message).toBe(
      'This is not a Mint transactions export: it has no "Transaction Type" column.',
    );
  });
});
