import { useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { isChanged, useDiscardGuard } from '../../components/DiscardGuard';
import type { Goal } from '@mindspend/api-contract';
import { formatAmount } from '../../lib/money';
import { DateField } from '../../components/DateField';
import { DollarInput } from '../../components/DollarInput';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useToday } from '../../lib/use-today';
import { useAccounts } from '../accounts/api';
import { createGoal, invalidateGoals, updateGoal } from './api';
import {
  EMPTY_GOAL,
  goalBodyOf,
  goalFormErrors,
  goalFormOf,
  goalPreview,
  type GoalFormErrors,
  type GoalFormValues,
  type SavedMode,
} from './goal-form';

interface GoalFormModalProps {
  /** The goal to edit; null adds a new one. */
  goal: Goal | null;
  onClose: () => void;
}

/** Add or edit a goal, with a live 'monthly amount needed' as the user types. */
export function GoalFormModal({ goal, onClose }: GoalFormModalProps) {
  const today = useToday();
  const accounts = useAccounts();
  const [initial] = useState<GoalFormValues>(() => (goal ? goalFormOf(goal) : EMPTY_GOAL));
  const [values, setValues] = useState<GoalFormValues>(initial);
  const { requestClose, confirm } = useDiscardGuard(isChanged(values, initial), onClose, goal ? 'Discard your changes?' : 'Discard this goal?');
  const [errors, setErrors] = useState<GoalFormErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<GoalFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const accountList = accounts.data ?? [];
  const preview = goalPreview(values, accountList, today);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = goalFormErrors(values);
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const body = goalBodyOf(values);
      if (goal) {
        await updateGoal(goal.id, {
          name: body.name ?? undefined,
          target_amount: body.target_amount ?? undefined,
          target_date: body.target_date ?? undefined,
          saved_amount: body.saved_amount ?? undefined,
          account_id: body.account_id,
        });
      } else {
        await createGoal(body);
      }
      await invalidateGoals();
      onClose();
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        failure.status === 422 &&
        Object.keys(failure.fieldErrors).length > 0
      ) {
        const field = failure.fieldErrors;
        setErrors({
          name: field.name?.[0],
          targetAmount: field.target_amount?.[0],
          targetDate: field.target_date?.[0],
          savedAmount: field.saved_amount?.[0],
          accountId: field.account_id?.[0],
        });
      } else {
        setGeneral(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
      }
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={requestClose} title={goal ? 'Edit Goal' : 'New Goal'} size="md">
      {confirm}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ErrorList messages={general} />
          <TextInput
            label="Name"
            placeholder="e.g. Emergency fund"
            value={values.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors.name}
            withAsterisk
            maxLength={100}
          />
          <DollarInput
            label="Target amount"
            value={values.targetAmount}
            onChange={(targetAmount) => set({ targetAmount })}
            error={errors.targetAmount}
            required
          />
          <DateField
            label="Target date"
            value={values.targetDate}
            onChange={(targetDate) => set({ targetDate })}
            error={errors.targetDate}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Saved so far
            </Text>
            <SegmentedControl
              aria-label="Saved so far"
              value={values.savedMode}
              onChange={(mode) => set({ savedMode: mode as SavedMode })}
              data={[
                { value: 'entered', label: 'Enter an amount' },
                { value: 'account', label: 'Track an account' },
              ]}
              fullWidth
            />
            {values.savedMode === 'entered' ? (
              <DollarInput
                aria-label="Amount saved"
                value={values.savedAmount}
                onChange={(savedAmount) => set({ savedAmount })}
                error={errors.savedAmount}
              />
            ) : (
              <Select
                aria-label="Savings account"
                placeholder={
                  accountList.length === 0 ? 'No accounts yet' : 'Choose the account that holds the savings'
                }
                description="Its current balance counts as saved."
                data={accountList.map((account) => ({ value: String(account.id), label: account.name }))}
                value={values.accountId === null ? null : String(values.accountId)}
                onChange={(next) => set({ accountId: next === null ? null : Number(next) })}
                error={errors.accountId}
              />
            )}
          </Stack>
          {preview ? (
            <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-teal-light)" data-testid="goal-preview">
              <Text size="sm">
                Save <b>{formatAmount(preview.monthlyNeededCents)}</b> a month for {preview.monthsLeft}{' '}
                {preview.monthsLeft === 1 ? 'month' : 'months'} to reach it.
              </Text>
            </Paper>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {goal ? 'Save' : 'Add Goal'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
