/** How a linked bank's accounts and transactions become Mindspend's (pure; unit-tested). */
import { normalizePayee, toCents, type PreparedRow } from '@mindspend/domain';
import type { BankAccount, BankProviderName, BankTransaction } from './bank-link-provider';

export type LinkedAccountType = 'Checking' | 'Savings' | 'Credit card';

/** accounts.name is varchar(100). */
const ACCOUNT_NAME_MAX = 100;
const MASK_PREFIX = ' ••';

/** Mindspend's account type for a bank account: loans, investments and the rest count as checking. */
export function accountTypeFor(account: Pick<BankAccount, 'type' | 'subtype'>): LinkedAccountType {
  if (account.type === 'credit') return 'Credit card';
  if (account.type === 'depository' && account.subtype === 'savings') return 'Savings';
  return 'Checking';
}

/** "Chase Checking ••1234": the bank, the account's name, the last digits; at most 100 characters. */
export function accountNameFor(institutionName: string, account: Pick<BankAccount, 'name' | 'mask'>): string {
  const bank = institutionName.trim();
  const own = account.name.trim();
  // Banks often repeat their own name in the account's ("Chase Total Checking").
  const base = !bank || own.toLowerCase().startsWith(bank.toLowerCase()) ? own : `${bank} ${own}`.trim();
  const suffix = account.mask ? `${MASK_PREFIX}${account.mask.slice(-4)}` : '';
  return `${(base || 'Bank account').slice(0, ACCOUNT_NAME_MAX - suffix.length).trim()}${suffix}`;
}

/**
 * The import key of a bank transaction: the same transaction always gets the same one, and two
 * providers' ids never meet (Plaid's keys keep the `plaid:` they always had).
 */
export function bankImportKey(transactionId: string, provider: BankProviderName = 'plaid'): string {
  return `${IMPORT_KEY_PREFIX[provider]}:${transactionId}`;
}

/** Enable Banking's keys are `enablebanking:<account uid>:<reference>` (DECISIONS.md #111). */
const IMPORT_KEY_PREFIX: Record<BankProviderName, string> = { plaid: 'plaid', simplefin: 'simplefin', enable_banking: 'enablebanking' };

/**
 * A bank transaction as the ledger writer's row. Plaid's amounts are positive for money out
 * (an expense) and negative for money in (income).
 */
export function preparedBankRow(transaction: BankTransaction, provider: BankProviderName = 'plaid'): PreparedRow {
  const rawPayee = (transaction.merchantName ?? transaction.name).trim() || 'Unknown payee';
  const payee = normalizePayee(rawPayee);
  const description = transaction.name.trim();
  return {
    row: {
      date: transaction.date,
      amountCents: Math.abs(toCents(transaction.amount)),
      type: transaction.amount > 0 ? 'expense' : 'income',
      payee: rawPayee,
      ...(description && { description }),
      line: 0,
    },
    key: bankImportKey(transaction.id, provider),
    entityName: payee.name,
    entityShort: payee.nameShort,
  };
}
