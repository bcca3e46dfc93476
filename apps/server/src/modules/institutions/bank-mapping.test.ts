import { describe, expect, it } from 'vitest';
import type { BankTransaction } from './bank-link-provider';
import { accountNameFor, accountTypeFor, preparedBankRow } from './bank-mapping';

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
