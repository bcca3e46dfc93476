import { Select } from '@mantine/core';
import { type CurrencyCode, isCurrencyCode } from '@mindspend/domain';
import { currencyChoices } from '../../lib/currency-choices';

interface AccountCurrencySelectProps {
  value: CurrencyCode;
  onChange: (currency: CurrencyCode) => void;
  /** Edit Account: the server refuses a change once the account has transactions, so the form says so up front. */
  editing?: boolean;
  error?: string | undefined;
}

/** Said under the select on Edit Account: the amounts already written are in the old currency (DECISIONS.md #90). */
export const CURRENCY_LOCK_HINT = 'An account with transactions keeps its currency.';

/** The account's currency (DECISIONS.md #90): its balance, limit and transactions are in it. */
export function AccountCurrencySelect({ value, onChange, editing = false, error }: AccountCurrencySelectProps) {
  return (
    <Select
      label="Currency"
      description={editing ? CURRENCY_LOCK_HINT : 'The balance and the transactions of this account are in this currency.'}
      data={currencyChoices()}
      value={value}
      onChange={(next) => {
        if (next !== null && isCurrencyCode(next)) onChange(next);
      }}
      searchable
      nothingFoundMessage="No currency by that code or name"
      allowDeselect={false}
      error={error}
    />
  );
}
