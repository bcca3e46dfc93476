import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { currencyOf, isBookCurrency } from '../../lib/money';
import { useToday } from '../../lib/use-today';
import { isChanged, useDiscardGuard } from '../../components/DiscardGuard';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { LEDGER_PATH, PAUSE_PURCHASE_PATH } from '../../shared/ledger-shell/ledger-paths';
import { useLedgerAccount } from '../accounts/use-ledger-account';
import { useEntities } from '../entities/api';
import { pausePrefillState } from '../pauses/pause-prefill';
import { isWithoutConnection, newEntryKey } from './waiting/waiting-entries';
import { createTransaction, invalidateTransactions } from './api';
import { keepNewTransaction } from './waiting/keep-new-transaction';
import { addEntityPath } from './entity-return';
import { showRegretRadarToast } from './regret-radar-toast';
import { TransactionForm } from './TransactionForm';
import { discardDraft, keepDraft, readDraft, type DraftKey } from './transaction-draft';
import { pausePrefillFrom } from './pause-instead';
import { emptyTransactionForm, transactionBodyFrom, typedAmountProblems, type TransactionFormValues } from './transaction-form';

const DRAFT: DraftKey = { form: 'new' };

/** /ledger/add-transaction: a new transaction on the ledger's account (spec §2.4, §4 draft). */
export function NewTransactionModal() {
  const navigate = useNavigate();
  const today = useToday();
  const { account } = useLedgerAccount();
  const entities = useEntities();
  // The amount is the ledger account's, typed in its currency (DECISIONS.md #90).
  const currency = currencyOf(account?.currency);
  const [values, setValues] = useState<TransactionFormValues>(() => readDraft(DRAFT) ?? emptyTransactionForm(today));
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  // One key per transaction, sent with every attempt: a lost answer retried, or the copy kept on
  // the device sent later, still writes it once (DECISIONS.md #101, #104).
  const key = useRef(newEntryKey());

  const change = (next: TransactionFormValues) => {
    setValues(next);
    keepDraft(DRAFT, next);
  };
  const cancel = () => {
    discardDraft(DRAFT);
    void navigate(LEDGER_PATH);
  };
  // Not sure yet (issue 31): what was typed goes to the pause form, and this draft is let go.
  const pauseInstead = () => {
    discardDraft(DRAFT);
    void navigate(PAUSE_PURCHASE_PATH, { state: pausePrefillState(pausePrefillFrom(values, isBookCurrency(account?.currency))) });
  };
  // Escape or a click outside with something typed asks first; Cancel is the person's own word.
  const { requestClose, confirm } = useDiscardGuard(isChanged(values, emptyTransactionForm(today)), cancel, 'Discard this transaction?');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account) return;
    const refused = typedAmountProblems(values, currency);
    if (refused.length > 0) {
      setErrors(refused);
      return;
    }
    setSaving(true);
    setErrors([]);
    const body = transactionBodyFrom(values, currency);
    try {
      const created = await createTransaction(account.id, body, key.current);
      if (created.regret_warning) showRegretRadarToast(created.regret_warning);
      discardDraft(DRAFT);
      await invalidateTransactions();
      void navigate(LEDGER_PATH);
    } catch (error) {
      if (isWithoutConnection(error)) {
        // No connection: kept on the device, shown in the ledger as waiting, sent when back online.
        const payee = entities.data?.find((entity) => entity.id === values.entityId)?.name ?? null;
        const kept = await keepNewTransaction({ key: key.current, account, body, form: values, payee }).catch(() => null);
        if (kept?.kind === 'refused') {
          setErrors(kept.messages);
          key.current = newEntryKey();
          setSaving(false);
          return;
        }
        if (kept !== null) {
          // Saved on the second try, or waiting in the ledger's 'Added on this device'.
          discardDraft(DRAFT);
          void navigate(LEDGER_PATH);
          return;
        }
      }
      // Spec §8: a failed save leaves the user on the form with the messages.
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
      setSaving(false);
    }
  };

  return (
    <LedgerModal title="New Transaction" onClose={requestClose}>
      {confirm}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ErrorList messages={errors} />
          <TransactionForm
            mode="new"
            values={values}
            currency={currency}
            onChange={change}
            onAddEntity={() => {
              keepDraft(DRAFT, values);
              void navigate(addEntityPath(DRAFT));
            }}
          />
          <Group justify="space-between" gap="sm">
            {values.type === 'income' ? (
              <span />
            ) : (
              <Anchor component="button" type="button" size="sm" onClick={pauseInstead}>
                Not sure yet? Pause it instead
              </Anchor>
            )}
            <Group gap="sm" ml="auto">
              <Button variant="default" onClick={cancel} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={!account}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </LedgerModal>
  );
}
