import { describe, expect, it } from 'vitest';
import type { BankTransaction } from './bank-link-provider';
import { HttpError } from '../../lib/http-errors';
import { accountCurrency, accountNameFor, accountTypeFor, preparedBankRow, refuseForeignCurrency } from './bank-mapping';

describe('accountTypeFor', () => {
  it('maps Plaid types and subtypes to Mindspend account types', () => {
    expect(accountTypeFor({ type: 'depository', subtype: 'checking' })).toBe('Checking');
    expect(accountTypeFor({ type: 'depository', subtype: 'savings' })).toBe('Savings');
    expect(accountTypeFor({ type: 'credit', subtype: 'credit card' })).toBe('Credit card');
    expect(accountTypeFor({ type: 'loan', subtype: 'mortgage' })).toBe('Checking');
    expect(accountTypeFor({ type: 'depository', subtype: null })).toBe('Checking');
  });
});

describe('accountNameFor', () => {
  it('names the bank, the account and its last digits', () => {
    expect(accountNameFor('Chase', { name: 'Checking', mask: '1234' })).toBe('Chase Checking ••1234');
    expect(accountNameFor('Chase', { name: 'Chase Total Checking', mask: null })).toBe(
      'Chase Total Checking',
    );
  });

  it('stays within the 100 characters of an account name, keeping the digits', () => {
    const name = accountNameFor('B'.repeat(80), { name: 'A'.repeat(80), mask: '9876' });
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.endsWith('••9876')).toBe(true);
  });
});

describe('preparedBankRow', () => {
  const base: BankTransaction = {
    id: 'tx1',
    accountId: 'acc1',
    amount: 12.5,
    date: '2026-11-02',
    name: 'STARBUCKS STORE 0942',
    merchantName: 'Starbucks',
    pending: false,
  };

  it('takes a positive amount as money out, keyed by the transaction id', () => {
    const prepared = preparedBankRow(base);
    expect(prepared.row).toMatchObject({
      type: 'expense',
      amountCents: 1250,
      date: '2026-11-02',
      payee: 'Starbucks',
    });
    expect(prepared.key).toBe('plaid:tx1');
    expect(prepared.entityName).toBe('Starbucks');
  });

  it('takes a negative amount as income, with the name when there is no merchant', () => {
    const prepared = preparedBankRow({
      ...base,
      amount: -2500,
      merchantName: null,
      name: 'PAYROLL ACME CORP',
    });
    expect(prepared.row).toMatchObject({ type: 'income', amountCents: 250000, payee: 'PAYROLL ACME CORP' });
  });
});

describe('accountCurrency', () => {
  const account = (currency: string | null | undefined) => ({ id: 'a', name: 'Rewards Card', mask: null, type: 'credit', subtype: null, balances: { current: 0, available: null, limit: null }, currency });

  it("keeps the account in the bank's currency, whatever the book's", () => {
    expect(accountCurrency(account('EUR'), 'USD')).toBe('EUR');
    expect(accountCurrency(account(' cad '), 'USD')).toBe('CAD');
  });

  it("gives an account whose provider does not say the book's currency", () => {
    expect(accountCurrency(account(null), 'GBP')).toBe('GBP');
    expect(accountCurrency(account(undefined), 'GBP')).toBe('GBP');
    expect(accountCurrency(account(''), 'GBP')).toBe('GBP');
  });

  it('refuses in words a unit that is not a currency (SimpleFIN custom currencies, Plaid unofficial ones)', () => {
    expect(() => accountCurrency(account('https://bank.example/points'), 'USD')).toThrow(HttpError);
    expect(() => accountCurrency(account('BTC'), 'USD')).toThrow(/Rewards Card is kept in "BTC", which is not a currency Mindspend can hold/);
  });
});

describe('refuseForeignCurrency', () => {
  const row = (currency: string | null | undefined): BankTransaction => ({ id: 't', accountId: 'a', amount: 4.5, date: '2026-11-19', name: 'CAFE', merchantName: null, pending: false, currency });

  it("lets rows in their account's currency through, and rows whose provider does not say", () => {
    expect(() => refuseForeignCurrency([row('EUR'), row('eur'), row(null), row(undefined)], 'EUR')).not.toThrow();
  });

  it('fails the whole sync in words on a row in another currency', () => {
    expect(() => refuseForeignCurrency([row('EUR'), row('SEK')], 'EUR')).toThrow(
      'The bank sent a transaction in SEK for an account kept in EUR; nothing from this sync was imported.',
    );
  });
});
