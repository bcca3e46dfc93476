import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Account, Goal } from '@mindspend/api-contract';
import { formatShortDate, parseIsoDate, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';

interface GoalCardProps {
  goal: Goal;
  accounts: Account[];
  onEdit: () => void;
  onRemove: () => void;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** One goal: target, date, saved so far (and from where), the monthly amount still needed, progress. */
export function GoalCard({ goal, accounts, onEdit, onRemove }: GoalCardProps) {
  const date = parseIsoDate(goal.target_date);
  const tracked =
    goal.account_id === null
      ? null
      : (accounts.find((account) => account.id === goal.account_id)?.name ?? 'a removed account');
  const reached = goal.progress_percent >= 100;
  return (
    <Card withBorder radius="lg" p="lg" data-testid="goal-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }} data-testid="goal-name">
              {goal.name}
            </Title>
            <Text size="sm" c="dimmed">
              {formatAmount(toCents(goal.target_amount))} by {date ? formatShortDate(date) : goal.target_date}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            {reached ? (
              <Badge color="teal" variant="light">
                Reached
              </Badge>
            ) : null}
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${goal.name}`} onClick={onEdit}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove">
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${goal.name}`} onClick={onRemove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Progress
          value={goal.progress_percent}
          color={reached ? 'teal' : 'blue'}
          size="lg"
          radius="xl"
          aria-label={`${goal.name}: ${goal.progress_percent}% saved`}
        />
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <Figure label="Saved so far" value={formatAmount(toCents(goal.saved))} testId="goal-saved" />
          <Figure
            label="Monthly needed"
            value={formatAmount(toCents(goal.monthly_needed))}
            testId="goal-monthly"
          />
          <Figure label="Progress" value={`${goal.progress_percent}%`} testId="goal-progress" />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {tracked ? `Saved so far is the balance of ${tracked}. ` : ''}
          {reached
            ? 'Target reached.'
            : `${goal.months_left} ${goal.months_left === 1 ? 'month' : 'months'} left.`}
        </Text>
      </Stack>
    </Card>
  );
}
