/**
 * 'Add with feeling' (issue 30): the home-screen shortcut's one-screen form. The account is
 * remembered on the device from the last time, per person and book; every save carries an
 * Idempotency-Key kept until the server has answered, so tapping Save again after a lost answer
 * never records the purchase twice (DECISIONS.md #101).
 */
import type { TransactionBody } from '@mindspend/api-contract';
import type { CurrencyCode, Feeling, Purpose } from '@mindspend/domain';
import { amountText } from '../../lib/amount-text';
import { numberLocale } from '../../lib/number-format';
import { emptyTransactionForm, type TransactionFormValues } from '../transactions/transaction-form';

const STORAGE_PREFIX = 'mindspend.quickAdd.account';

export interface QuickAddValues {
  accountId: number | null;
  amount: number | '';
  entityId: number | null;
  feeling: Feeling | null;
  purpose: Purpose | null;
}

export type QuickAddErrors = Partial<Record<'accountId' | 'amount', string>>;

const storageKey = (userId: number, bookId: number | null) => `${STORAGE_PREFIX}.${userId}.${bookId ?? 'personal'}`;

/** The account used last time on this device, when it is still one of the book's. */
export function rememberedAccount(accountIds: readonly number[], userId: number, bookId: number | null): number | null {
  const stored = Number(window.localStorage.getItem(storageKey(userId, bookId)));
  if (accountIds.includes(stored)) return stored;
  return accountIds[0] ?? null;
}

export function rememberAccount(accountId: number, userId: number, bookId: number | null): void {
  window.localStorage.setItem(storageKey(userId, bookId), String(accountId));
}

/** What must be there before anything is sent. */
export function quickAddErrors(values: QuickAddValues): QuickAddErrors {
  const errors: QuickAddErrors = {};
  if (values.accountId === null) errors.accountId = 'Choose the account it was paid from.';
  if (values.amount === '' || values.amount <= 0) errors.amount = 'Enter how much it was.';
  return errors;
}

/** The expense as the API takes it, dated the person's today. */
export function quickAddBody(values: QuickAddValues, today: string): TransactionBody {
  return {
    type: 'expense',
    amount: values.amount === '' ? 0 : values.amount,
    date: today,
    entity_id: values.entityId,
    emotion_names: values.feeling ? [values.feeling] : [],
    purpose: values.purpose,
  };
}

/**
 * The same purchase as the ledger's New Transaction form would hold it: what 'Fix' reopens when a
 * purchase kept on the device offline is refused later (DECISIONS.md #104).
 */
export function quickAddForm(values: QuickAddValues, today: string, currency: CurrencyCode): TransactionFormValues {
  return {
    ...emptyTransactionForm(today),
    type: 'expense',
    entityId: values.entityId,
    amount: values.amount === '' ? '' : amountText(values.amount, numberLocale(), currency),
    feeling: values.feeling,
    purpose: values.purpose,
  };
}
