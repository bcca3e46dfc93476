import { useState } from 'react';
import {
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Budget } from '@mindspend/api-contract';
import { budgetsPath, monthName, type YearMonth } from '@mindspend/domain';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AmountInput } from '../../components/AmountInput';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { ErrorList } from '../../components/ErrorList';
import { amountProblem, amountText, parseAmountText } from '../../lib/amount-text';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { invalidateBudgets, removeBudget, updateBudget, useBudget } from './api';
import {
  BILL_OVERRIDES,
  OVERRIDE_LABELS,
  clampMonth,
  overrideFlags,
  overrideOf,
  type BillOverride,
} from './bill-override';
import { editBudgetPath } from './budget-view';
import { formFromBudget, updateBody, type BudgetFormState } from './budget-form';
import { monthOfParams } from './month-params';
import { BudgetTypeChoice } from './BudgetTypeChoice';
import { RecurrenceFields } from './RecurrenceFields';
import { RolloverRegretFields } from './RolloverRegretFields';

interface EditFormProps {
  budget: Budget;
  month: YearMonth;
  onClose: () => void;
}

function EditForm({ budget, month, onClose }: EditFormProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<BudgetFormState>(() => formFromBudget(budget));
  const [monthAmount, setMonthAmount] = useState(() => amountText(budget.month_amount));
  const [override, setOverride] = useState<BillOverride>(() => overrideOf(budget));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const bill = state.dueInFull === 1;

  const fail = (error: unknown) => {
    setMessages(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    if (error instanceof ApiError) setErrors(error.fieldErrors);
  };

  const save = async () => {
    const checked = updateBody(state, budget);
    const amount = parseAmountText(monthAmount);
    const fieldErrors = { ...checked.errors };
    delete fieldErrors.amount;
    if (amount === null || amount < 0) fieldErrors.month_amount = [amountProblem(monthAmount) ?? 'Enter the amount, e.g. 120.00.'];
    setErrors(fieldErrors);
    if (!checked.body || Object.keys(fieldErrors).length > 0 || amount === null) return;
    setBusy(true);
    setMessages([]);
    try {
      await updateBudget(budget.id, checked.body);
      // The month's own row: its amount and, for a bill, the override (spec §4); a changed rollover
      // takes effect from this month on (docs/DECISIONS.md #55).
      await updateBudget(budget.id, {
        month: month.month,
        year: month.year,
        amount,
        ...(bill ? overrideFlags(override) : {}),
        ...(!bill && state.rollover !== budget.rollover && { rollover: state.rollover }),
      });
      await invalidateBudgets();
      onClose();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removeBudget(budget.id, month);
      await invalidateBudgets();
      onClose();
    } catch (error) {
      fail(error);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const goToMonth = (next: YearMonth) =>
    void navigate(editBudgetPath(budget.id, next.year, next.month), { replace: true });

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Text fw={600} size="sm" mb={8}>
          Month / Year
        </Text>
        <NumberInput
          aria-label="Month"
          w={80}
          min={1}
          max={12}
          clampBehavior="strict"
          value={month.month}
          onChange={(value) => goToMonth({ ...month, month: clampMonth(Number(value)) })}
        />
        <NumberInput
          aria-label="Year"
          w={100}
          min={1900}
          max={9999}
          value={month.year}
          onChange={(value) => Number(value) >= 1900 && goToMonth({ ...month, year: Number(value) })}
        />
      </Group>
      <ErrorList messages={messages} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Display name"
          value={state.displayName}
          onChange={(event) => setState({ ...state, displayName: event.currentTarget.value })}
          error={errors.display_name?.[0]}
        />
        <AmountInput
          label="Amount for this month"
          value={monthAmount}
          onChange={setMonthAmount}
          error={errors.month_amount?.[0] ?? errors.amount?.[0]}
        />
      </SimpleGrid>
      <BudgetTypeChoice value={state.dueInFull} onChange={(dueInFull) => setState({ ...state, dueInFull })} />
      {bill ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            This month
          </Text>
          <SegmentedControl
            aria-label="Bill this month"
            value={override}
            onChange={(value) => setOverride(value as BillOverride)}
            data={BILL_OVERRIDES.map((value) => ({ value, label: OVERRIDE_LABELS[value] }))}
          />
        </Stack>
      ) : null}
      <RecurrenceFields state={state} onChange={setState} errors={errors} />
      <RolloverRegretFields
        state={state}
        onChange={setState}
        errors={errors}
        rolloverFrom={`From ${monthName(month.month)} ${month.year} on.`}
      />
      {confirming ? (
        <ConfirmRemove
          message={`Remove ${budget.display_name} from this month on? Earlier months keep it.`}
          busy={busy}
          onConfirm={() => void remove()}
          onKeep={() => setConfirming(false)}
        />
      ) : null}
      <Group justify="space-between" mt="sm">
        <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={busy || confirming}>
          Remove
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** /edit-budget/{id}/{year}/{month} (spec §2.5): the month's amount and override, and the budget. */
export function EditBudgetModal() {
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  const month = monthOfParams(params.month, params.year);
  const valid = Number.isInteger(id) && id > 0 && month !== null;
  const ym = month ?? { year: 1970, month: 1 };
  const budget = useBudget(valid ? id : null, ym);
  if (!valid || budget.isError) return <Navigate to="/" replace />;
  const close = () => void navigate(budgetsPath(ym));
  const b = budget.data;
  return (
    <Modal opened onClose={close} title={b ? `${b.emoji} ${b.display_name} Budget` : 'Budget'} size="lg">
      {b ? (
        <EditForm key={`${b.id}-${ym.year}-${ym.month}`} budget={b} month={ym} onClose={close} />
      ) : (
        <Loader aria-label="Loading" />
      )}
    </Modal>
  );
}
