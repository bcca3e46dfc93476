import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { YearMonth } from '@mindspend/domain';
import { AmountInput } from '../../components/AmountInput';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { createBudget, invalidateBudgets } from './api';
import { chooseSubcategory, createBody, emptyBudgetForm } from './budget-form';
import { BudgetTypeChoice } from './BudgetTypeChoice';
import { RecurrenceFields } from './RecurrenceFields';
import { RolloverRegretFields } from './RolloverRegretFields';
import { SubcategoryPicker } from './SubcategoryPicker';

interface AddBudgetFormProps {
  month: YearMonth;
  onDone: () => void;
}

/** The add-budget form (spec §2.5): sub-category, type, amount and the repeating editor. */
export function AddBudgetForm({ month, onDone }: AddBudgetFormProps) {
  const [state, setState] = useState(emptyBudgetForm);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const first = (field: string) => errors[field]?.[0];

  const save = async () => {
    const checked = createBody(state, month);
    setErrors(checked.errors);
    if (!checked.body) return;
    setBusy(true);
    setMessages([]);
    try {
      await createBudget(checked.body);
      await invalidateBudgets();
      onDone();
    } catch (error) {
      setMessages(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
      if (error instanceof ApiError) setErrors(error.fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="add-budget-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="h4">
            New Budget
          </Title>
          <ErrorList messages={messages} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SubcategoryPicker
              value={state.subcategoryId}
              onChange={(sub) => setState(chooseSubcategory(state, sub))}
              error={first('transaction_subcategory_id')}
            />
            <TextInput
              label="Display name"
              value={state.displayName}
              onChange={(event) => setState({ ...state, displayName: event.currentTarget.value })}
              error={first('display_name')}
            />
            <BudgetTypeChoice
              value={state.dueInFull}
              onChange={(dueInFull) => setState({ ...state, dueInFull })}
            />
            <AmountInput
              label="Amount"
              value={state.amount}
              onChange={(amount) => setState({ ...state, amount })}
              error={first('amount')}
              required
            />
          </SimpleGrid>
          <RecurrenceFields state={state} onChange={setState} errors={errors} />
          <RolloverRegretFields state={state} onChange={setState} errors={errors} rolloverFrom="From its first month on." />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
