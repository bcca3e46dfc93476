import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { isChanged } from '../../components/DiscardGuard';
import { MAX_X_DAYS, type IncomeRecurrence } from '@mindspend/domain';
import { Link } from 'react-router';
import { DateField } from '../../components/DateField';
import { DollarInput } from '../../components/DollarInput';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { numberOrEmpty } from '../../lib/number-input';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useAccounts } from '../accounts/api';
import {
  RECURRENCE_OPTIONS,
  incomeFormErrors,
  type IncomeFormErrors,
  type IncomeFormValues,
} from './income-form';
import { SourcePicker } from './SourcePicker';

interface IncomeSourceFormProps {
  initial: IncomeFormValues;
  submitLabel: string;
  onSubmit: (values: IncomeFormValues) => Promise<void>;
  onCancel: () => void;
  /** Told whether the values differ from `initial`, so the modal can ask before dropping them. */
  onChanged?: (changed: boolean) => void;
}

/** The fields of spec §2.6 in its order, with the rules of §5; server 422 messages show per field. */
export function IncomeSourceForm({ initial, submitLabel, onSubmit, onCancel, onChanged }: IncomeSourceFormProps) {
  const accounts = useAccounts();
  const [values, setValues] = useState<IncomeFormValues>(initial);
  const changed = isChanged(values, initial);
  useEffect(() => onChanged?.(changed), [changed, onChanged]);
  const [errors, setErrors] = useState<IncomeFormErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<IncomeFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const accountOptions = (accounts.data ?? []).map((account) => ({
    value: String(account.id),
    label: account.name,
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = incomeFormErrors(values);
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        const field = failure.fieldErrors;
        setErrors({
          accountId: field.account_id?.[0],
          entityId: field.entity_id?.[0],
          amount: field.amount?.[0],
          startDate: field.start_date?.[0],
          recurrence: field.recurrence?.[0],
          xDays: field.x_days?.[0],
        });
        setGeneral(Object.keys(field).length === 0 ? failure.messages : []);
      } else {
        setGeneral(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
      }
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <ErrorList messages={general} />
        {accounts.data && accounts.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Income is paid into an account.{' '}
            <Anchor component={Link} to="/ledger/createAccount">
              Create an account
            </Anchor>{' '}
            first.
          </Text>
        ) : null}
        <Select
          label="Account"
          placeholder={accounts.isPending ? 'Loading…' : 'Choose an account'}
          data={accountOptions}
          value={values.accountId === null ? null : String(values.accountId)}
          onChange={(next) => set({ accountId: next === null ? null : Number(next) })}
          error={errors.accountId}
          withAsterisk
          allowDeselect={false}
        />
        <SourcePicker
          value={values.entityId}
          onChange={(entityId) => set({ entityId })}
          accountId={values.accountId}
          error={errors.entityId}
        />
        <DollarInput label="Amount" value={values.amount} onChange={(amount) => set({ amount })} error={errors.amount} required />
        <DateField
          label="Start Date"
          value={values.startDate}
          onChange={(startDate) => set({ startDate })}
          error={errors.startDate}
        />
        <Select
          label="Recurrence Pattern"
          data={RECURRENCE_OPTIONS}
          value={values.recurrence}
          onChange={(next) => set({ recurrence: next === null ? null : (next as IncomeRecurrence) })}
          error={errors.recurrence}
          withAsterisk
          allowDeselect={false}
        />
        {values.recurrence === 'every_x_days' ? (
          <NumberInput
            label="Every how many days?"
            min={1}
            max={MAX_X_DAYS}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={values.xDays}
            onChange={(next) => set({ xDays: numberOrEmpty(next) })}
            error={errors.xDays}
            withAsterisk
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
