/** The New and Edit Account forms' values and body (spec §2.4, §5). */
import { ACCOUNT_TYPE_REQUIRED, CREDIT_CARD_SUBTYPE, type Account, type CreateAccountBody } from '@mindspend/api-contract';
import type { CurrencyCode } from '@mindspend/domain';
import { amountProblem, amountText, parseAmountText } from '../../lib/amount-text';
import { currencyOf, displayCurrency } from '../../lib/money';
import { numberLocale } from '../../lib/number-format';

export const SAVINGS_TYPE_ID = 1;
export const CHECKING_TYPE_ID = 2;
export const CREDIT_CARD_TYPE_ID = 3;

export interface AccountFormValues {
  name: string;
  typeId: number | null;
  /** A checking account that is a credit card (shows a limit: spec §1). */
  cardSubtype: boolean;
  balance: string;
  limit: string;
  date: string;
  /** Private to the person in a shared book (DECISIONS.md #84); never sent from a personal book. */
  private: boolean;
  /** The account's currency (DECISIONS.md #90): its balance and limit are typed in it. */
  currency: CurrencyCode;
}

/** A new account, in the book's base currency unless the person picks another. */
export function emptyAccountForm(today: string, currency: CurrencyCode = displayCurrency.get()): AccountFormValues {
  return { name: '', typeId: null, cardSubtype: false, balance: '', limit: '', date: today, private: false, currency };
}

export function accountFormFrom(account: Account, today: string): AccountFormValues {
  const balance = account.most_recent_balance;
  const currency = currencyOf(account.currency);
  const shown = (value: number) => amountText(value, numberLocale(), currency);
  return {
    name: account.name,
    typeId: account.account_type_id,
    cardSubtype: account.subtype === CREDIT_CARD_SUBTYPE,
    balance: balance ? shown(balance.current_balance) : '',
    limit: balance?.limit == null ? '' : shown(balance.limit),
    date: balance?.date ?? today,
    private: account.private,
    currency,
  };
}

/** Only cards carry a limit: the Credit card type, or checking with the credit-card subtype. */
export function showsLimit(values: Pick<AccountFormValues, 'typeId' | 'cardSubtype'>): boolean {
  return values.typeId === CREDIT_CARD_TYPE_ID || (values.typeId === CHECKING_TYPE_ID && values.cardSubtype);
}

/**
 * Spec §5: an account needs a type; nothing is saved without one. Nor with a balance or limit the
 * number format cannot read (DECISIONS.md #86), which would otherwise be sent as 0 or as none.
 */
export function accountFormErrors(values: AccountFormValues): string[] {
  const typed = showsLimit(values) ? [values.balance, values.limit] : [values.balance];
  const refused = typed.map((text) => amountProblem(text, numberLocale(), values.currency)).filter((problem) => problem !== null);
  return [...(values.typeId === null ? [ACCOUNT_TYPE_REQUIRED] : []), ...new Set(refused)];
}

/**
 * The body of POST /accounts and PUT /accounts/{id}; the balance is written as a plain number.
 * `private` goes only from a shared book: a personal book has nobody to keep an account from.
 */
export function accountBodyFrom(values: AccountFormValues, inSharedBook = false): CreateAccountBody {
  const limit = parseAmountText(values.limit, numberLocale(), values.currency);
  return {
    ...(inSharedBook ? { private: values.private } : {}),
    name: values.name.trim(),
    currency: values.currency,
    account_type_id: values.typeId ?? undefined,
    subtype: values.typeId === CHECKING_TYPE_ID && values.cardSubtype ? CREDIT_CARD_SUBTYPE : null,
    most_recent_balance: {
      current_balance: parseAmountText(values.balance, numberLocale(), values.currency) ?? 0,
      ...(showsLimit(values) ? { limit } : {}),
      date: values.date,
    },
  };
}
