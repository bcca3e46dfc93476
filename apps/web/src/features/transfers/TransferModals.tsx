/**
 * /ledger/add-transfer and /ledger/edit-transfer/{id}: record, change or remove a transfer
 * between two of the user's accounts (issue 15). Both legs change together on the server.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { Account, Transfer } from '@mindspend/api-contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { ErrorList } from '../../components/ErrorList';
import { PageLoader } from '../../components/PageLoader';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useToday } from '../../lib/use-today';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { LEDGER_PATH, idFromParam } from '../../shared/ledger-shell/ledger-paths';
import { useAccounts } from '../accounts/api';
import { useLedgerAccount } from '../accounts/use-ledger-account';
import { createTransfer, deleteTransfer, invalidateTransfers, updateTransfer, useTransfer } from './api';
import { TransferForm } from './TransferForm';
import { emptyTransferForm, transferBodyFrom, transferCurrencies, transferFormFrom, transferFormProblems, type TransferFormValues } from './transfer-form';

/** Runs a save or removal; on failure keeps the user on the form with the server's messages (spec §8). */
function useSubmit() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, problems: string[] = []) => {
    // What the form can tell itself is said at once, and nothing is sent.
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      await work();
      await invalidateTransfers();
      void navigate(LEDGER_PATH);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
      setBusy(false);
    }
  };
  return { errors, busy, run };
}

function TooFewAccounts() {
  return <Text size="sm">A transfer moves money between two of your accounts: add a second account first.</Text>;
}

export function NewTransferModal() {
  const navigate = useNavigate();
  const today = useToday();
  const accounts = useAccounts();
  const { account } = useLedgerAccount();
  const [values, setValues] = useState<TransferFormValues>(() => emptyTransferForm(today, account?.id ?? null));
  const { errors, busy, run } = useSubmit();
  const list = accounts.data ?? [];
  // The ledger's account may arrive after the first render: it is the usual side money leaves.
  if (values.fromAccountId === '' && account) setValues({ ...values, fromAccountId: String(account.id) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const currencies = transferCurrencies(values, list);
    void run(() => createTransfer(transferBodyFrom(values, currencies)), transferFormProblems(values, currencies));
  };
  return (
    <LedgerModal title="New Transfer" onClose={() => void navigate(LEDGER_PATH)}>
      {accounts.isPending ? (
        <PageLoader />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ErrorList messages={errors} />
            {list.length < 2 ? <TooFewAccounts /> : <TransferForm accounts={list} values={values} onChange={setValues} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(LEDGER_PATH)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={list.length < 2}>
                Save Transfer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </LedgerModal>
  );
}

function EditTransferForm({ transfer, accounts }: { transfer: Transfer; accounts: readonly Account[] }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<TransferFormValues>(() =>
    transferFormFrom(transfer, transferCurrencies({ fromAccountId: String(transfer.from_account_id), toAccountId: String(transfer.to_account_id) }, accounts)),
  );
  const [confirming, setConfirming] = useState(false);
  const { errors, busy, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const currencies = transferCurrencies(values, accounts);
    void run(() => updateTransfer(transfer.id, transferBodyFrom(values, currencies)), transferFormProblems(values, currencies));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorList messages={errors} />
        <TransferForm accounts={accounts} values={values} onChange={setValues} />
        {confirming ? (
          <ConfirmRemove
            message="Remove this transfer from both accounts? This cannot be undone."
            busy={busy}
            onKeep={() => setConfirming(false)}
            onConfirm={() => void run(() => deleteTransfer(transfer.id))}
          />
        ) : null}
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={busy || confirming}>
            Remove Transfer
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={() => void navigate(LEDGER_PATH)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy && !confirming}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

export function EditTransferModal() {
  const navigate = useNavigate();
  const id = idFromParam(useParams().id);
  const transfer = useTransfer(id);
  const accounts = useAccounts();
  if (id === null || transfer.isError) return <Navigate to={LEDGER_PATH} replace />;
  return (
    <LedgerModal title="Edit Transfer" onClose={() => void navigate(LEDGER_PATH)}>
      {transfer.data && accounts.data ? <EditTransferForm key={transfer.data.id} transfer={transfer.data} accounts={accounts.data} /> : <PageLoader />}
    </LedgerModal>
  );
}
