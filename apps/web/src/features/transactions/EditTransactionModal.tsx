import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Stack } from '@mantine/core';
import type { Transaction } from '@mindspend/api-contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { AttachmentsSection } from '../attachments/AttachmentsSection';
import { ErrorList } from '../../components/ErrorList';
import { PageLoader } from '../../components/PageLoader';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { currencyOf } from '../../lib/money';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { LEDGER_PATH, idFromParam } from '../../shared/ledger-shell/ledger-paths';
import { deleteTransaction, invalidateRemovedTransaction, invalidateTransactions, updateTransaction, useTransaction } from './api';
import { addEntityPath, editEntityPath } from './entity-return';
import { TransactionForm } from './TransactionForm';
import { discardDraft, keepDraft, readDraft, type DraftKey } from './transaction-draft';
import { formFromTransaction, transactionBodyFrom, typedAmountProblems, type TransactionFormValues } from './transaction-form';

function errorMessages(error: unknown): string[] {
  return error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR];
}

function EditTransactionForm({ transaction }: { transaction: Transaction }) {
  const navigate = useNavigate();
  const draft: DraftKey = { form: 'edit', transactionId: transaction.id };
  // Its amounts are in its account's currency (DECISIONS.md #90).
  const currency = currencyOf(transaction.currency);
  const [values, setValues] = useState<TransactionFormValues>(() => readDraft(draft) ?? formFromTransaction(transaction));
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const change = (next: TransactionFormValues) => {
    setValues(next);
    keepDraft(draft, next);
  };
  const leave = () => {
    discardDraft(draft);
    void navigate(LEDGER_PATH);
  };
  const run = async (action: () => Promise<unknown>, refresh: () => Promise<void> = invalidateTransactions) => {
    setBusy(true);
    setErrors([]);
    try {
      await action();
      discardDraft(draft);
      await refresh();
      void navigate(LEDGER_PATH);
    } catch (error) {
      setErrors(errorMessages(error));
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = typedAmountProblems(values, currency);
    if (refused.length > 0) {
      setErrors(refused);
      return;
    }
    void run(() => updateTransaction(transaction.id, transactionBodyFrom(values, currency)));
  };
  const toEntity = (path: string) => {
    keepDraft(draft, values);
    void navigate(path);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorList messages={errors} />
        <TransactionForm
          mode="edit"
          values={values}
          currency={currency}
          onChange={change}
          onAddEntity={() => toEntity(addEntityPath(draft))}
          onEditEntity={(entityId) => toEntity(editEntityPath(entityId, draft))}
        />
        <Divider />
        {/* Files are saved as they are added or removed, apart from Save (DECISIONS.md #114). */}
        <AttachmentsSection transactionId={transaction.id} />
        {confirming ? (
          <ConfirmRemove
            message="Remove this transaction? This cannot be undone."
            busy={busy}
            onKeep={() => setConfirming(false)}
            onConfirm={() => void run(() => deleteTransaction(transaction.id), () => invalidateRemovedTransaction(transaction.id))}
          />
        ) : null}
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={busy || confirming}>
            Remove
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={leave} disabled={busy}>
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

/** /ledger/edit-transaction/{id}: change, split or remove a transaction (spec §2.4). */
export function EditTransactionModal() {
  const navigate = useNavigate();
  const id = idFromParam(useParams().id);
  const transaction = useTransaction(id);
  if (id === null || transaction.isError) return <Navigate to={LEDGER_PATH} replace />;
  // A transfer's leg changes only with its transfer, so both accounts stay alike.
  if (transaction.data && transaction.data.transfer_id !== null) return <Navigate to={`/ledger/edit-transfer/${transaction.data.transfer_id}`} replace />;
  return (
    <LedgerModal title="Edit Transaction" onClose={() => {
      if (id !== null) discardDraft({ form: 'edit', transactionId: id });
      void navigate(LEDGER_PATH);
    }}>
      {transaction.data ? <EditTransactionForm key={transaction.data.id} transaction={transaction.data} /> : <PageLoader />}
    </LedgerModal>
  );
}
