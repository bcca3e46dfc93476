import { useState } from 'react';
import { Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTarget } from '@tabler/icons-react';
import type { Goal } from '@mindspend/api-contract';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useRemoval } from '../../lib/use-removal';
import { useAccounts } from '../accounts/api';
import { deleteGoal, invalidateGoals, useGoals } from './api';
import { GoalCard } from './GoalCard';
import { GoalFormModal } from './GoalFormModal';

/** /goals (DECISIONS.md #5): each goal with its progress and the monthly amount still needed. */
export function GoalsPage() {
  const goals = useGoals();
  const accounts = useAccounts();
  const [editing, setEditing] = useState<Goal | 'new' | null>(null);
  const { removing, setRemoving, busy, errors, remove } = useRemoval(async (goal: Goal) => {
    await deleteGoal(goal.id);
    await invalidateGoals();
  });
  const list = goals.data ?? [];
  const loadError = goals.error
    ? goals.error instanceof ApiError
      ? goals.error.messages
      : [UNEXPECTED_ERROR]
    : [];

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      Add Goal
    </Button>
  );

  return (
    <Container size="lg" py="lg" data-testid="goals-page">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={1} fz="h2">
              Goals
            </Title>
            <Text c="dimmed" size="sm">
              What you are saving for, and how much to put aside each month to get there on time.
            </Text>
          </div>
          {list.length > 0 ? addButton : null}
        </Group>
        <ErrorList messages={[...loadError, ...errors]} />
        {removing ? (
          <ConfirmRemove
            message={`Remove the goal '${removing.name}'? Your accounts and transactions are not touched.`}
            busy={busy}
            onConfirm={() => void remove(removing)}
            onKeep={() => setRemoving(null)}
          />
        ) : null}
        {goals.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Skeleton h={180} />
            <Skeleton h={180} />
          </SimpleGrid>
        ) : list.length === 0 ? (
          <Card withBorder radius="lg" p="xl" data-testid="goals-empty">
            <Stack align="center" gap="xs" ta="center">
              <IconTarget size={40} stroke={1.4} color="var(--mantine-color-teal-6)" />
              <Title order={2} fz="h4">
                No goals yet
              </Title>
              <Text c="dimmed">
                Add a goal — a trip, a new laptop, an emergency fund — with a target amount and date.
              </Text>
              {addButton}
            </Stack>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {list.map((goal) => (
              <GoalCard
                key={goal.id}
                goal={goal}
                accounts={accounts.data ?? []}
                onEdit={() => setEditing(goal)}
                onRemove={() => setRemoving(goal)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {editing ? (
        <GoalFormModal
          key={editing === 'new' ? 'new' : editing.id}
          goal={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Container>
  );
}
