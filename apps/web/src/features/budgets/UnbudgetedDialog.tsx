import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import type { UnbudgetedSubcategory } from '@mindspend/api-contract';
import { toCents, type YearMonth } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { AmountInput } from '../../components/AmountInput';
import { createBudget, invalidateBudgets } from './api';
import { BudgetTypeChoice } from './BudgetTypeChoice';
import { canSaveDraft, draftFor, unbudgetedBody, type UnbudgetedDraft } from './unbudgeted-step';

interface UnbudgetedDialogProps {
  /** The list as it was when the dialog opened: it steps through these even as budgets reload. */
  subcategories: UnbudgetedSubcategory[];
  month: YearMonth;
  onClose: () => void;
  onFinished: () => void;
}

/** Steps through the month's unbudgeted sub-categories, one budget each (spec §4). */
export function UnbudgetedDialog({ subcategories, month, onClose, onFinished }: UnbudgetedDialogProps) {
  const [step, setStep] = useState(0);
  const [drafts, setDrafts] = useState<UnbudgetedDraft[]>(() => subcategories.map(draftFor));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const total = subcategories.length;
  const sub = subcategories[step];
  const draft = drafts[step];
  const setDraft = (next: UnbudgetedDraft) =>
    setDrafts(drafts.map((d, index) => (index === step ? next : d)));

  const advance = () => {
    const next = step + 1;
    if (next >= total) {
      setDone(true);
      void invalidateBudgets();
      onFinished();
      return;
    }
    setStep(next);
  };

  const save = async () => {
    if (!sub || !draft) return;
    setBusy(true);
    try {
      await createBudget(unbudgetedBody(sub, draft, month));
      advance();
    } catch {
      // Spec §8: an alert, and the dialog stays on the same step.
      window.alert('Error creating budget. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Categories Need Budgets" size="md">
      {done || !sub || !draft ? (
        <Stack align="center" gap="sm" py="md">
          <IconConfetti size={40} color="var(--mantine-color-teal-6)" />
          <Title order={3} data-testid="unbudgeted-done">
            All Categories Budgeted!
          </Title>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="unbudgeted-step">
          <Group justify="space-between">
            <Title order={4}>
              <span aria-hidden>{sub.emoji}</span> {sub.name}
            </Title>
            <Text size="sm" c="dimmed" data-testid="unbudgeted-count">
              {step + 1} of {total}
            </Text>
          </Group>
          <Progress value={(step / total) * 100} size="sm" aria-label="Categories budgeted" />
          <Text size="sm" c="dimmed">
            {formatAmount(toCents(sub.spent))} spent this month in {sub.transaction_count} transaction
            {sub.transaction_count === 1 ? '' : 's'}, with no budget.
          </Text>
          <BudgetTypeChoice
            label="Budget type"
            value={draft.dueInFull}
            onChange={(dueInFull) => setDraft({ ...draft, dueInFull })}
          />
          {draft.dueInFull === 1 ? (
            <NumberInput
              label="Day due"
              min={1}
              max={31}
              allowDecimal={false}
              value={draft.dueDay}
              onChange={(value) => setDraft({ ...draft, dueDay: value === '' ? '' : String(value) })}
            />
          ) : null}
          <TextInput
            label="Title"
            value={draft.title}
            onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
          />
          <AmountInput
            label="Amount"
            value={draft.amount}
            onChange={(amount) => setDraft({ ...draft, amount })}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void save()} disabled={!canSaveDraft(draft)} loading={busy}>
              Save &amp; Next
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
