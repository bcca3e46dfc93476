import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import type { Account } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { chosenBookId } from '../../lib/book';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { currencyOf } from '../../lib/money';
import { useSession } from '../../lib/use-session';
import { createEntity, invalidateEntities } from '../entities/api';
import { rememberAccount, rememberedAccount } from '../quick-add/quick-add';
import { newEntryKey } from '../transactions/waiting/waiting-entries';
import { TransactionForm } from '../transactions/TransactionForm';
import { transactionBodyFrom, typedAmountProblems, type TransactionFormValues } from '../transactions/transaction-form';
import { fileProblemMessages } from '../attachments/api';
import { PhotoNotAttached, createWithPhoto } from './capture-actions';
import { receiptDayLabel, type CapturePrefill } from './capture-form';

interface NewPurchaseFormProps {
  prefill: CapturePrefill;
  dateCandidates: readonly string[];
  accounts: readonly Account[];
  photo: File;
  values: TransactionFormValues;
  onChange: (values: TransactionFormValues) => void;
  busy: boolean;
  onBusy: (busy: boolean) => void;
  onProgress: (percent: number | null) => void;
  onSaved: (transactionId: number, photoProblem: string[] | null) => void;
}

/**
 * "Create a new transaction" from a receipt: the New Transaction form, prefilled from what was
 * read, with a sentence on each field the receipt did not say; Save writes the purchase, then
 * attaches the photo to it (DECISIONS.md #114). The feeling is asked above it, first.
 */
export function NewPurchaseForm({ prefill, dateCandidates, accounts, photo, values, onChange, busy, onBusy, onProgress, onSaved }: NewPurchaseFormProps) {
  const { user } = useSession();
  const [merchant, setMerchant] = useState(prefill.merchant);
  const [chosenAccount, setChosenAccount] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // One key for this purchase, sent with every attempt: a lost answer retried writes it once.
  const key = useRef(newEntryKey());
  const accountId = chosenAccount ?? rememberedAccount(accounts.map((account) => account.id), user?.id ?? 0, chosenBookId());
  const account = accounts.find((candidate) => candidate.id === accountId);
  const currency = currencyOf(account?.currency);
  const notes = [prefill.unread.amount, prefill.unread.date].filter((note) => note !== null);

  // "Add new" makes the typed shop's name a payee: leaving for the payee form would lose the photo.
  const addPayee = async () => {
    if (merchant.trim() === '' || accountId === null) {
      setErrors(['Type the shop’s name under Merchant first: it becomes the new payee.']);
      return;
    }
    try {
      const entity = await createEntity(accountId, { name: merchant.trim() });
      await invalidateEntities();
      onChange({ ...values, entityId: entity.id });
      setErrors([]);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (accountId === null) {
      setErrors(['Choose the account it was paid from.']);
      return;
    }
    const refused = typedAmountProblems(values, currency);
    if (refused.length > 0) return setErrors(refused);
    setErrors([]);
    onBusy(true);
    const body = { ...transactionBodyFrom(values, currency), description: merchant.trim() === '' ? null : merchant.trim() };
    try {
      const id = await createWithPhoto(accountId, body, photo, key.current, onProgress);
      rememberAccount(accountId, user?.id ?? 0, chosenBookId());
      onSaved(id, null);
    } catch (error) {
      if (error instanceof PhotoNotAttached) onSaved(error.transactionId, fileProblemMessages(error.cause));
      else setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    } finally {
      onProgress(null);
      onBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New transaction from the receipt">
      <Stack gap="sm">
        <ErrorList messages={errors} />
        {notes.length > 0 ? (
          <Alert color="yellow" variant="light" data-testid="unread-fields">
            {notes.join(' ')}
          </Alert>
        ) : null}
        {dateCandidates.length > 1 ? (
          <Radio.Group label="Which day is on the receipt?" value={values.date} onChange={(date) => onChange({ ...values, date })}>
            <Group mt={4}>
              {dateCandidates.map((day) => (
                <Radio key={day} value={day} label={receiptDayLabel(day)} />
              ))}
            </Group>
          </Radio.Group>
        ) : null}
        <TextInput
          label="Merchant"
          value={merchant}
          onChange={(event) => setMerchant(event.currentTarget.value)}
          description={prefill.unread.merchant ?? 'As printed on the receipt; kept as the description.'}
          placeholder="Not read from the receipt"
        />
        <Select
          label="Paid from"
          data={accounts.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
          value={accountId === null ? null : String(accountId)}
          onChange={(next) => setChosenAccount(next === null ? null : Number(next))}
          allowDeselect={false}
        />
        <TransactionForm mode="new" values={values} currency={currency} onChange={onChange} onAddEntity={() => void addPayee()} feelingAbove />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={accountId === null}>
            Save and attach the photo
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
