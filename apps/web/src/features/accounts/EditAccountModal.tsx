import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { Account } from '@mindspend/api-contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AmountInput } from '../../components/AmountInput';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { DateField } from '../../components/DateField';
import { ErrorList } from '../../components/ErrorList';
import { PageLoader } from '../../components/PageLoader';
import { useToday } from '../../lib/use-today';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { LEDGER_PATH, idFromParam } from '../../shared/ledger-shell/ledger-paths';
import { getLedgerSelection, setLedgerSelection } from '../../shared/ledger-shell/ledger-selection';
import { useChosenBookId } from '../books/api';
import { AccountCurrencySelect } from './AccountCurrencySelect';
import { AccountTypeFields } from './AccountTypeFields';
import { accountFailure } from './account-failure';
import { PrivateAccountField } from './PrivateAccountField';
import { deleteAccount, invalidateAccounts, updateAccount, useAccounts, useAccountTypes } from './api';
import { accountBodyFrom, accountFormErrors, accountFormFrom, showsLimit, type AccountFormValues } from './account-form';


function EditAccountForm({ account }: { account: Account }) {
  const navigate = useNavigate();
  const today = useToday();
  const types = useAccountTypes();
  const inSharedBook = useChosenBookId() !== null;
  const [values, setValues] = useState<AccountFormValues>(() => accountFormFrom(account, today));
  const [errors, setErrors] = useState<string[]>([]);
  const [currencyError, setCurrencyError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = () => void navigate(LEDGER_PATH);

  const run = async (action: () => Promise<unknown>, removed: boolean) => {
    setBusy(true);
    setErrors([]);
    setCurrencyError(undefined);
    try {
      await action();
      if (removed && getLedgerSelection().accountId === account.id) setLedgerSelection({ accountId: null });
      await invalidateAccounts();
      close();
    } catch (error) {
      // Spec §8: a failed save leaves the user on the form; a refused currency says so under its select.
      const failure = accountFailure(error);
      setErrors(failure.messages);
      setCurrencyError(failure.currency);
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = accountFormErrors(values);
    setErrors(clientErrors);
    if (clientErrors.length === 0) void run(() => updateAccount(account.id, accountBodyFrom(values, inSharedBook)), false);
  };

  const loading = types.isPending || busy;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorList messages={errors} />
        <TextInput label="Account Name" value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} />
        <AccountTypeFields types={types.data ?? []} values={values} onChange={setValues} variant="select" />
        <AccountCurrencySelect value={values.currency} onChange={(currency) => setValues({ ...values, currency })} error={currencyError} editing />
        <AmountInput label="Account Balance" value={values.balance} onChange={(balance) => setValues({ ...values, balance })} currency={values.currency} />
        {showsLimit(values) ? (
          <AmountInput label="Limit" value={values.limit} onChange={(limit) => setValues({ ...values, limit })} currency={values.currency} />
        ) : null}
        <DateField label="Date" value={values.date} onChange={(date) => setValues({ ...values, date })} />
        {inSharedBook ? <PrivateAccountField checked={values.private} onChange={(checked) => setValues({ ...values, private: checked })} /> : null}
        {confirming ? (
          <ConfirmRemove
            message={`Remove ${account.name} with all its transactions and balances? This cannot be undone.`}
            busy={busy}
            onKeep={() => setConfirming(false)}
            onConfirm={() => void run(() => deleteAccount(account.id), true)}
          />
        ) : null}
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={loading || confirming}>
            Remove
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={loading} loading={busy && !confirming}>
              Update
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** /ledger/editAccount/{id}: rename, retype, rebalance or remove an account; back to /ledger after. */
export function EditAccountModal() {
  const navigate = useNavigate();
  const id = idFromParam(useParams().id);
  const accounts = useAccounts();
  const account = accounts.data?.find((entry) => entry.id === id);
  if (id === null || (accounts.data && !account)) return <Navigate to={LEDGER_PATH} replace />;
  return (
    <LedgerModal title="Edit Account" onClose={() => void navigate(LEDGER_PATH)} size="md">
      {account ? <EditAccountForm key={account.id} account={account} /> : <PageLoader />}
    </LedgerModal>
  );
}
