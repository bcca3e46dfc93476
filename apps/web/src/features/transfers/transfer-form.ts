/** The transfer form's values and the body it sends (amounts typed as free text, spec §5). */
import { type Account, type Transfer, type TransferBody, transferBody, transferToAmountRequired } from '@mindspend/api-contract';
import type { CurrencyCode } from '@mindspend/domain';
import { amountProblem, amountText, parseAmountText } from '../../lib/amount-text';
import { currencyOf, displayCurrency } from '../../lib/money';
import { numberLocale } from '../../lib/number-format';

export interface TransferFormValues {
  fromAccountId: string;
  toAccountId: string;
  /** What leaves the from account, in its currency. */
  amount: string;
  /** What arrives in the to account, in its currency: asked only when the two currencies differ (DECISIONS.md #90). */
  toAmount: string;
  date: string;
  notes: string;
}

/** The currencies the two amounts are typed in: each account's own, the book's while none is chosen. */
export interface TransferCurrencies {
  from: CurrencyCode;
  to: CurrencyCode;
}

export function emptyTransferForm(today: string, fromAccountId: number | null): TransferFormValues {
  return { fromAccountId: fromAccountId === null ? '' : String(fromAccountId), toAccountId: '', amount: '', toAmount: '', date: today, notes: '' };
}

/** Which currency each chosen account keeps. */
export function transferCurrencies(values: Pick<TransferFormValues, 'fromAccountId' | 'toAccountId'>, accounts: readonly Account[]): TransferCurrencies {
  const currencyOfAccount = (id: string) => currencyOf(accounts.find((account) => String(account.id) === id)?.currency);
  return { from: currencyOfAccount(values.fromAccountId), to: currencyOfAccount(values.toAccountId) };
}

/** Money moved between two currencies arrives as another amount, which only the person knows. */
export const asksAmountReceived = (currencies: TransferCurrencies): boolean => currencies.from !== currencies.to;

const BOOK_CURRENCY = (): TransferCurrencies => ({ from: displayCurrency.get(), to: displayCurrency.get() });

export function transferFormFrom(transfer: Transfer, currencies: TransferCurrencies = BOOK_CURRENCY()): TransferFormValues {
  return {
    fromAccountId: String(transfer.from_account_id),
    toAccountId: String(transfer.to_account_id),
    amount: amountText(transfer.amount, numberLocale(), currencies.from),
    toAmount: asksAmountReceived(currencies) ? amountText(transfer.to_amount, numberLocale(), currencies.to) : '',
    date: transfer.date,
    notes: transfer.notes ?? '',
  };
}

/**
 * The body as typed (an account not chosen is 0, which transferFormProblems names first). The
 * amount received goes only between two currencies: within one, it is the amount sent.
 */
export function transferBodyFrom(values: TransferFormValues, currencies: TransferCurrencies = BOOK_CURRENCY()): TransferBody {
  const toAmount = asksAmountReceived(currencies) ? parseAmountText(values.toAmount, numberLocale(), currencies.to) : null;
  return {
    from_account_id: Number(values.fromAccountId || 0),
    to_account_id: Number(values.toAccountId || 0),
    amount: parseAmountText(values.amount, numberLocale(), currencies.from) ?? 0,
    ...(toAmount === null ? {} : { to_amount: toAmount }),
    date: values.date,
    notes: values.notes.trim() === '' ? null : values.notes.trim(),
  };
}

export const CHOOSE_FROM_ACCOUNT = 'Choose the account the money leaves.';
export const CHOOSE_TO_ACCOUNT = 'Choose the account the money goes to.';

/** The typed amounts' problems: a text the number format refuses, or no amount received between two currencies. */
function amountProblems(values: TransferFormValues, currencies: TransferCurrencies): string[] {
  const sent = amountProblem(values.amount, numberLocale(), currencies.from);
  if (!asksAmountReceived(currencies)) return sent === null ? [] : [sent];
  const received =
    values.toAmount.trim() === '' ? transferToAmountRequired(currencies.from, currencies.to) : amountProblem(values.toAmount, numberLocale(), currencies.to);
  return [sent, received].filter((problem) => problem !== null);
}

/**
 * What the form can tell before sending (issue 36: no avoidable 422): an account not chosen, then
 * the contract's own checks of the body, so the sentences are the server's.
 */
export function transferFormProblems(values: TransferFormValues, currencies: TransferCurrencies = BOOK_CURRENCY()): string[] {
  const unchosen = [...(values.fromAccountId ? [] : [CHOOSE_FROM_ACCOUNT]), ...(values.toAccountId ? [] : [CHOOSE_TO_ACCOUNT])];
  if (unchosen.length > 0) return unchosen;
  // An amount the number format cannot read is named as such, not as a missing amount (DECISIONS.md #86).
  const refused = amountProblems(values, currencies);
  if (refused.length > 0) return refused;
  const checked = transferBody.safeParse(transferBodyFrom(values, currencies));
  return checked.success ? [] : [...new Set(checked.error.issues.map((issue) => issue.message))];
}
