import type { ReactNode } from 'react';
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import type { Transaction } from '@mindspend/api-contract';
import { formatRowDate, parseIsoDate, toCents } from '@mindspend/domain';
import { formatAmount, formatAmountIn } from '../../lib/money';
import type { StepHeader } from './flow-steps';

interface StepFrameProps {
  transaction: Transaction;
  header: StepHeader;
  children: ReactNode;
  saveLabel: string;
  canSave: boolean;
  busy: boolean;
  onSave: () => void;
  onClose: () => void;
  /** Moves on without saving (the second look may leave a purchase for later). */
  onSkip?: () => void;
}

/** One step of a flow (spec §4): 'n of total', a percent, the remaining amount, the transaction. */
export function StepFrame({ transaction, header, children, saveLabel, canSave, busy, onSave, onClose, onSkip }: StepFrameProps) {
  const date = parseIsoDate(transaction.date);
  const sign = transaction.type === 'expense' ? '-' : '+';
  return (
    <Stack gap="sm" data-testid="flow-step">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} data-testid="flow-counter">
          {header.counter}
        </Text>
        <Text size="sm" c="dimmed" data-testid="flow-percent">
          {header.percent}% done
        </Text>
      </Group>
      <Progress value={header.percent} size="sm" aria-label="Steps done" />
      <Text size="sm" c="dimmed" data-testid="flow-remaining">
        {formatAmount(header.remainingCents)} remaining
      </Text>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end" data-testid="flow-payee" title={transaction.entity?.name ?? transaction.payee ?? ''}>
              {transaction.entity?.name ?? transaction.payee ?? 'Unknown payee'}
            </Text>
            <Text size="sm" c="dimmed">
              {date ? formatRowDate(date) : transaction.date} · {transaction.type === 'income' ? 'Income' : 'Expense'}
            </Text>
          </div>
          <Text fw={700} c={transaction.type === 'income' ? 'teal' : undefined} style={{ whiteSpace: 'nowrap' }} data-testid="flow-amount">
            {sign}
            {formatAmountIn(toCents(transaction.absolute_value_amount), transaction.currency)}
          </Text>
        </Group>
      </Paper>
      {children}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {onSkip ? (
          <Button variant="subtle" onClick={onSkip} disabled={busy}>
            Skip
          </Button>
        ) : null}
        <Button onClick={onSave} disabled={!canSave} loading={busy}>
          {saveLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** The flow's last view: 'All Done!'. */
export function AllDone({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Stack align="center" gap="xs" py="md" data-testid="flow-done">
      <IconConfetti size={44} color="var(--mantine-color-teal-6)" aria-hidden />
      <Title order={3}>All Done!</Title>
      <Text c="dimmed" ta="center">
        {message}
      </Text>
      <Button mt="sm" onClick={onClose}>
        Close
      </Button>
    </Stack>
  );
}
