import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AmountInput } from '../../components/AmountInput';
import { DateField } from '../../components/DateField';
import { ErrorList } from '../../components/ErrorList';
import { useToday } from '../../lib/use-today';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { LEDGER_PATH } from '../../shared/ledger-shell/ledger-paths';
import { setLedgerSelection } from '../../shared/ledger-shell/ledger-selection';
import { useChosenBookId } from '../books/api';
import { AccountCurrencySelect } from './AccountCurrencySelect';
import { AccountTypeFields } from './AccountTypeFields';
import { PrivateAccountField } from './PrivateAccountField';
import { createAccount, invalidateAccounts, useAccountTypes } from './api';
import { accountFailure } from './account-failure';
import { accountBodyFrom, accountFormErrors, emptyAccountForm, showsLimit, type AccountFormValues } from './account-form';

/** /ledger/createAccount: a new account with its opening balance (spec §2.4). */
export function NewAccountModal() {
  const navigate = useNavigate();
  const today = useToday();
  const types = useAccountTypes();
  const inSharedBook = useChosenBookId() !== null;
  const [values, setValues] = useState<AccountFormValues>(() => emptyAccountForm(today));
  const [errors, setErrors] = useState<string[]>([]);
  const [currencyError, setCurrencyError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const close = () => void navigate(LEDGER_PATH);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = accountFormErrors(values);
    setErrors(clientErrors);
    if (clientErrors.length > 0) {
      console.warn(clientErrors[0]);
      return;
    }
    setSaving(true);
    try {
      const account = await createAccount(accountBodyFrom(values, inSharedBook));
      await invalidateAccounts();
      // The new account is the one the user wants to look at next.
      setLedgerSelection({ accountId: account.id });
      close();
    } catch (error) {
      const failure = accountFailure(error);
      setErrors(failure.messages);
      setCurrencyError(failure.currency);
      setSaving(false);
    }
  };

  return (
    <LedgerModal title="New Account" onClose={close} size="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ErrorList messages={errors} />
          <TextInput label="Account Name" data-autofocus value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} />
          <AccountTypeFields types={types.data ?? []} values={values} onChange={setValues} variant="choice" />
          <AccountCurrencySelect value={values.currency} onChange={(currency) => setValues({ ...values, currency })} error={currencyError} />
          <AmountInput
            label="Account Balance"
            value={values.balance}
            onChange={(balance) => setValues({ ...values, balance })}
            currency={values.currency}
            steppers
          />
          {showsLimit(values) ? (
            <AmountInput label="Limit" value={values.limit} onChange={(limit) => setValues({ ...values, limit })} currency={values.currency} />
          ) : null}
          <DateField label="Balance Date" value={values.date} onChange={(date) => setValues({ ...values, date })} />
          {inSharedBook ? <PrivateAccountField checked={values.private} onChange={(checked) => setValues({ ...values, private: checked })} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={types.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </LedgerModal>
  );
}
