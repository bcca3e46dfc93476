/** How a linked bank's accounts and transactions become Mindspend's (pure; unit-tested). */
import { isCurrencyCode, normalizePayee, toCents, type PreparedRow } from '@mindspend/domain';
import type { BankAccount, BankProviderName, BankTransaction } from './bank-link-provider';
import { HttpError } from '../../lib/http-errors';

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

/**
 * A bank's amounts are recorded in their account's currency, so a row in another currency (an
 * account re-denominated at the bank, or linked before accounts took the bank's currency) fails
 * the whole sync in words rather than be recorded as the wrong money (DECISIONS.md #106).
 */
export function refuseForeignCurrency(transactions: BankTransaction[], accountCurrency: string): void {
  const foreign = transactions.find((transaction) => {
    const said = transaction.currency?.trim().toUpperCase();
    return said !== undefined && said !== '' && said !== accountCurrency;
  });
  if (foreign)
    throw new HttpError(
      422,
      `The bank sent a transaction in ${foreign.currency?.slice(0, 40)} for an account kept in ${accountCurrency}; nothing from this sync was imported.`,
    );
}

/**
 * The currency the bank keeps the account in (DECISIONS.md #90, #106): a euro account is a euro
 * account whatever the book's currency, and its amounts stay euros beside the book's figures. A
 * provider that does not say gets the book's; one that names a unit Mindspend does not know (a
 * SimpleFIN custom currency, Plaid's "unofficial" ones) is refused in words, not kept as money.
 */
export function accountCurrency(bankAccount: BankAccount, bookDefault: string): string {
  const said = bankAccount.currency?.trim().toUpperCase();
  if (!said) return bookDefault;
  if (isCurrencyCode(said)) return said;
  throw new HttpError(
    422,
    `${bankAccount.name} is kept in "${(bankAccount.currency ?? '').trim().slice(0, 40)}", which is not a currency Mindspend can hold; nothing was linked.`,
  );
}
