/**
 * "Not sure yet? Pause it instead" (issue 31): what the new transaction form hands to the pause
 * form. An amount typed in an account's own currency (DECISIONS.md #90) is left behind: the pause
 * counts in the book's currency, and $180 must not become ¥180.
 */
import type { PausePrefill } from '../pauses/pause-prefill';
import type { TransactionFormValues } from './transaction-form';

export function pausePrefillFrom(values: TransactionFormValues, inBookCurrency: boolean): PausePrefill {
  return {
    entityId: values.entityId,
    amount: inBookCurrency ? values.amount : '',
    // A split purchase has no one sub-category to forecast from.
    categoryId: values.split ? null : values.categoryId,
    subcategoryId: values.split ? null : values.subcategoryId,
    paymentMethod: values.paymentMethod,
    note: values.notes,
  };
}
