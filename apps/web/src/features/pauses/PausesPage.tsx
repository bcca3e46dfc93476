import { useState } from 'react';
import { Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import type { Pause } from '@mindspend/api-contract';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useRemoval } from '../../lib/use-removal';
import { deletePause, invalidatePauses, useDecidePause, usePauses } from './api';
import { PauseCard } from './PauseCard';
import { PauseFormModal } from './PauseFormModal';
import { PauseSummaryCard } from './PauseSummaryCard';
import { pauseSections } from './pause-list';

const messagesOf = (error: unknown): string[] => (error ? (error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]) : []);

/**
 * /pauses (issue 31, DECISIONS.md #99): purchases the person is considering, each with the forecast
 * it was given and its countdown, the ones whose cooling-off ended first; the decision buttons; and
 * what pausing did over the last 90 days.
 */
export function PausesPage() {
  const pauses = usePauses();
  const decide = useDecidePause();
  const [adding, setAdding] = useState(false);
  const { removing, setRemoving, busy, errors, remove } = useRemoval(async (pause: Pause) => {
    await deletePause(pause.id);
    await invalidatePauses();
  });
  const list = pauses.data ?? [];
  const now = new Date();

  return (
    <Container size="lg" py="lg" data-testid="pauses-page">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={1} fz="h2">
              Pause list
            </Title>
            <Text c="dimmed" size="sm">
              Purchases you are considering: how likely you are to regret them, from your own history, and time to be sure.
            </Text>
          </div>
          <Button leftSection={<IconPlayerPause size={16} />} onClick={() => setAdding(true)}>
            Pause a purchase
          </Button>
        </Group>
        <ErrorList messages={[...messagesOf(pauses.error), ...messagesOf(decide.error), ...errors]} />
        {removing ? (
          <ConfirmRemove
            message={`Remove the pause '${removing.note ?? removing.payee}'? It no longer counts in the summary.`}
            busy={busy}
            onConfirm={() => void remove(removing)}
            onKeep={() => setRemoving(null)}
          />
        ) : null}
        <PauseSummaryCard />
        {pauses.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Skeleton h={200} />
            <Skeleton h={200} />
          </SimpleGrid>
        ) : list.length === 0 ? (
          <Card withBorder radius="lg" p="xl" data-testid="pauses-empty">
            <Stack align="center" gap="xs" ta="center">
              <IconPlayerPause size={40} stroke={1.4} color="var(--mantine-color-teal-6)" />
              <Title order={2} fz="h4">
                Nothing paused yet
              </Title>
              <Text c="dimmed">Thinking about a purchase? Pause it: see how purchases like it felt before, and decide after a few days.</Text>
            </Stack>
          </Card>
        ) : (
          pauseSections(list).map((section) => (
            <Stack key={section.status} gap="xs" component="section" aria-label={section.title}>
              <Title order={2} fz="h4">
                {section.title} ({section.pauses.length})
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {section.pauses.map((pause) => (
                  <PauseCard
                    key={pause.id}
                    pause={pause}
                    now={now}
                    deciding={decide.isPending && decide.variables.id === pause.id}
                    onDecide={(body) => decide.mutate({ id: pause.id, body })}
                    onRemove={() => setRemoving(pause)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ))
        )}
      </Stack>
      {adding ? <PauseFormModal onClose={() => setAdding(false)} /> : null}
    </Container>
  );
}
