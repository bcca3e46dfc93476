import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { ChoiceButtons } from './ChoiceButtons';
import { FEELINGS, type Feeling, PURPOSES, PURPOSE_LABELS, toCents } from '@mindspend/domain';
import { Link } from 'react-router';
import { DollarInput } from '../../components/DollarInput';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { callApi } from '../../lib/api-routes';
import { chosenBookId } from '../../lib/book';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { currencyOf, formatAmountIn } from '../../lib/money';
import { useSession } from '../../lib/use-session';
import { useToday } from '../../lib/use-today';
import { useAccounts } from '../accounts/api';
import { useEntities } from '../entities/api';
import { invalidateTransactions } from '../transactions/api';
import { keepNewTransaction } from '../transactions/waiting/keep-new-transaction';
import { isWithoutConnection, newEntryKey } from '../transactions/waiting/waiting-entries';
import { FeelingIcon } from '../transactions/FeelingIcon';
import { CAPTURE_PATH } from '../../shared/ledger-shell/ledger-paths';
import {
  type QuickAddErrors,
  type QuickAddValues,
  quickAddBody,
  quickAddForm,
  quickAddErrors,
  rememberAccount,
  rememberedAccount,
} from './quick-add';

const EMPTY: QuickAddValues = { accountId: null, amount: '', entityId: null, feeling: null, purpose: null };

/** /add, the installed app's 'Add with feeling' shortcut (issue 30): a purchase and how it felt, in one screen. */
export function QuickAddPage() {
  const { user } = useSession();
  const accounts = useAccounts();
  const entities = useEntities();
  const today = useToday();
  const [values, setValues] = useState<QuickAddValues>(EMPTY);
  const [errors, setErrors] = useState<QuickAddErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // Kept until the server answers: a second tap after a lost answer sends the same key.
  const key = useRef(newEntryKey());
  const set = (patch: Partial<QuickAddValues>) => setValues((current) => ({ ...current, ...patch }));
  const accountList = accounts.data ?? [];
  const userId = user?.id ?? 0;

  // Until the person picks one, the account of last time on this device (or the first).
  const accountId = values.accountId ?? rememberedAccount(accountList.map((account) => account.id), userId, chosenBookId());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = { ...values, accountId };
    const found = quickAddErrors(chosen);
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0 || accountId === null) return;
    setSaving(true);
    const account = accountList.find((candidate) => candidate.id === accountId);
    const payee = entities.data?.find((entity) => entity.id === values.entityId)?.name ?? null;
    const feeling = FEELINGS.find((candidate) => candidate.value === values.feeling)?.label;
    const what = `${formatAmountIn(toCents(values.amount === '' ? 0 : values.amount), account?.currency)}${payee ? ` at ${payee}` : ''}${feeling ? `: ${feeling.toLowerCase()}` : ''}`;
    const body = quickAddBody(chosen, today);
    const done = (message: string) => {
      rememberAccount(accountId, userId, chosenBookId());
      setSaved(message);
      key.current = newEntryKey();
      setValues({ ...EMPTY, accountId });
    };
    try {
      await callApi('createTransaction', { params: { id: accountId }, body, idempotencyKey: key.current });
      await invalidateTransactions();
      done(`Saved ${what}.`);
    } catch (failure) {
      if (account && isWithoutConnection(failure)) {
        const form = quickAddForm(chosen, today, currencyOf(account.currency));
        const kept = await keepNewTransaction({ key: key.current, account, body, form, payee }).catch(() => null);
        if (kept?.kind === 'saved') return done(`Saved ${what}.`);
        if (kept?.kind === 'waiting') return done(`No connection: ${what} is kept on this device and will be sent when you are back online.`);
        if (kept?.kind === 'refused') {
          setGeneral(kept.messages);
          key.current = newEntryKey();
          return;
        }
      }
      if (failure instanceof ApiError && failure.status === 422 && Object.keys(failure.fieldErrors).length > 0) {
        setErrors({ amount: failure.fieldErrors.amount?.[0] });
        setGeneral(Object.entries(failure.fieldErrors).filter(([field]) => field !== 'amount').flatMap(([, messages]) => messages));
        // A refused purchase was not written: the corrected one is a new request.
        key.current = newEntryKey();
      } else {
        setGeneral(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container size="xs" py="lg" data-testid="quick-add-page">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz="h2">
              Add with feeling
            </Title>
            <Text c="dimmed" size="sm">
              A purchase and how it felt, while it is fresh.
            </Text>
          </div>
          {saved ? (
            <Alert color="teal" variant="light" data-testid="quick-add-saved">
              {saved}
            </Alert>
          ) : null}
          <ErrorList messages={general} />
          <DollarInput label="Amount" value={values.amount} onChange={(amount) => set({ amount })} error={errors.amount} required />
          <Select
            label="Payee"
            placeholder={entities.isPending ? 'Loading…' : 'Optional'}
            data={(entities.data ?? []).map((entity) => ({ value: String(entity.id), label: entity.name }))}
            value={values.entityId === null ? null : String(values.entityId)}
            onChange={(next) => set({ entityId: next === null ? null : Number(next) })}
            searchable
            clearable
          />
          <ChoiceButtons
            label="How did it feel?"
            id="quick-add-feeling"
            choices={FEELINGS.map((feeling) => ({
              value: feeling.value as Feeling,
              label: feeling.label,
              icon: <FeelingIcon feeling={feeling.value as Feeling} size={18} decorative />,
            }))}
            value={values.feeling}
            onChange={(feeling) => set({ feeling })}
          />
          <ChoiceButtons
            label="What was it for?"
            id="quick-add-purpose"
            choices={PURPOSES.map((purpose) => ({ value: purpose, label: PURPOSE_LABELS[purpose] }))}
            value={values.purpose}
            onChange={(purpose) => set({ purpose })}
          />
          <Select
            label="Paid from"
            data={accountList.map((account) => ({ value: String(account.id), label: account.name }))}
            value={accountId === null ? null : String(accountId)}
            onChange={(next) => set({ accountId: next === null ? null : Number(next) })}
            error={errors.accountId}
            allowDeselect={false}
          />
          <Group justify="space-between">
            <Group gap="md">
              <Anchor component={Link} to="/ledger" size="sm">
                Open the ledger
              </Anchor>
              <Anchor component={Link} to={CAPTURE_PATH} size="sm">
                Scan a receipt
              </Anchor>
            </Group>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
