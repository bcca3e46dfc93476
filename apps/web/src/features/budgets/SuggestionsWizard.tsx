import { useState } from 'react';
import { Button, Checkbox, Group, List, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import type { BudgetSuggestion } from '@mindspend/api-contract';
import { formatShortDate, parseIsoDate, type YearMonth } from '@mindspend/domain';
import { AmountInput } from '../../components/AmountInput';
import { ErrorList } from '../../components/ErrorList';
import { amountText } from '../../lib/amount-text';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { createBudget, invalidateBudgets } from './api';
import { canSaveAmount, suggestionBody } from './suggestion-body';

interface SuggestionsWizardProps {
  suggestions: BudgetSuggestion[];
  month: YearMonth;
  /** Closing, however it happens, stops suggestions (spec §4). */
  onClose: () => void;
  /** 'Do not show this again' checked on Continue: stop now, even if the wizard is left open. */
  onDontShowAgain: () => void;
}

interface Draft {
  amount: string;
  repeats: boolean;
}

function Welcome({ dontShow, onDontShow }: { dontShow: boolean; onDontShow: (value: boolean) => void }) {
  return (
    <Stack gap="sm">
      <Title order={3}>Budgeting 101</Title>
      <Text size="sm">A budget is a plan for what you spend each month. Mindspend knows two kinds:</Text>
      <List size="sm" spacing={6}>
        <List.Item>
          <b>Bills</b> are due in full on a due date: rent, phone, insurance. A bill is paid once a
          transaction in its category covers it.
        </List.Item>
        <List.Item>
          <b>Flexible expenses</b> are spread over the month: groceries, dining out, fuel. You see what is
          left as you spend.
        </List.Item>
      </List>
      <Text size="sm">
        We suggest a few budgets to start from. Change any amount, save the ones you want, skip the rest.
      </Text>
      <Checkbox
        label="Do not show this again"
        checked={dontShow}
        onChange={(event) => onDontShow(event.currentTarget.checked)}
      />
    </Stack>
  );
}

/** The first-run suggested budgets wizard (spec §4 'Budget suggestions'). */
export function SuggestionsWizard({ suggestions, month, onClose, onDontShowAgain }: SuggestionsWizardProps) {
  const [step, setStep] = useState(-1);
  const [dontShow, setDontShow] = useState(false);
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    suggestions.map((s) => ({ amount: amountText(s.amount), repeats: true })),
  );
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const total = suggestions.length;
  const last = step === total - 1;
  const suggestion = step >= 0 ? suggestions[step] : undefined;
  const draft = step >= 0 ? drafts[step] : undefined;

  const move = (next: number) => {
    setMessages([]);
    if (next >= total) onClose();
    else setStep(next);
  };
  const edit = (patch: Partial<Draft>) =>
    setDrafts(drafts.map((d, index) => (index === step ? { ...d, ...patch } : d)));

  const save = async () => {
    if (!suggestion || !draft) return;
    setBusy(true);
    try {
      await createBudget(suggestionBody(suggestion, draft.amount, draft.repeats, month));
      await invalidateBudgets();
      move(step + 1);
    } catch (error) {
      setMessages(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    } finally {
      setBusy(false);
    }
  };

  const bill = suggestion?.due_in_full === 1;
  const due = suggestion?.next_due_date ? parseIsoDate(suggestion.next_due_date) : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={step < 0 ? 'Welcome' : 'Suggested budgets'}
      size="md"
      closeOnClickOutside={false}
    >
      {step < 0 || !suggestion || !draft ? (
        <Stack>
          <Welcome dontShow={dontShow} onDontShow={setDontShow} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                if (dontShow) onDontShowAgain();
                move(0);
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="suggestion-step">
          <Group justify="space-between">
            <Title order={3} fz="h4" data-testid="suggestion-title">
              <span aria-hidden>{suggestion.emoji}</span> {suggestion.display_name}
            </Title>
            <Text size="sm" c="dimmed" data-testid="suggestion-count">
              {step + 1} / {total}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {bill ? 'Bill: due in full on its due date.' : 'Flexible expense: spread over the month.'}
            {suggestion.from_history ? ' Based on your last three months of spending.' : ''}
          </Text>
          <ErrorList messages={messages} />
          <AmountInput
            label={bill ? 'Amount' : 'Amount for the month'}
            value={draft.amount}
            onChange={(amount) => edit({ amount })}
          />
          {bill ? (
            <Text size="sm" data-testid="suggestion-due">
              Next due date: {due ? formatShortDate(due) : 'N/A'}
            </Text>
          ) : null}
          <Switch
            label="Repeat every month"
            checked={draft.repeats}
            onChange={(event) => edit({ repeats: event.currentTarget.checked })}
          />
          <Group justify="space-between" mt="sm">
            <Group gap="xs">
              {step > 0 ? (
                <Button variant="subtle" onClick={() => move(step - 1)} disabled={busy}>
                  Back
                </Button>
              ) : null}
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={() => move(step + 1)} disabled={busy}>
                {last ? 'Skip and Close' : 'Skip'}
              </Button>
              <Button onClick={() => void save()} disabled={!canSaveAmount(draft.amount)} loading={busy}>
                {last ? 'Save and Close' : 'Save and Continue'}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
