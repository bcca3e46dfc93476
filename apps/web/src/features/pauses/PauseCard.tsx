import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconShoppingBag, IconTrash } from '@tabler/icons-react';
import type { DecidePauseBody, Pause } from '@mindspend/api-contract';
import { toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { PauseForecastView } from './PauseForecastView';
import { PauseHeading } from './PauseHeading';
import { localDateText, matchText, statusText } from './pause-text';

interface PauseCardProps {
  pause: Pause;
  /** The moment the countdown counts from (the page's render). */
  now: Date;
  onDecide: (body: DecidePauseBody) => void;
  /** A decision of this pause is being sent. */
  deciding: boolean;
  onRemove: () => void;
}

const money = (amount: number) => formatAmount(toCents(amount));

function statusColor(pause: Pause): string {
  if (pause.decision === 'skipped') return 'teal';
  if (pause.decision === 'bought') return 'gray';
  return pause.status === 'reminder_due' ? 'orange' : 'blue';
}

/**
 * One paused purchase: what it is, its status (countdown, time to decide, or the decision), the
 * forecast it was given, and the decision buttons; a recorded purchase that looks like it is
 * offered as what was bought.
 */
export function PauseCard({ pause, now, onDecide, deciding, onRemove }: PauseCardProps) {
  const undecided = pause.decision === null;
  return (
    <Card withBorder radius="lg" p="md" data-testid="pause-card" data-status={pause.status}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge color={statusColor(pause)} variant="light" data-testid="pause-status">
            {statusText(pause, now)}
          </Badge>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Paused {localDateText(pause.created_at)}
          </Text>
        </Group>
        <PauseHeading pause={pause} />
        <PauseForecastView forecast={pause.forecast} />
        {undecided && pause.match ? (
          <Paper radius="md" p="sm" bg="var(--mantine-color-teal-light)" data-testid="pause-match">
            <Stack gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {matchText(pause.match, money)}
              </Text>
              <Button
                size="xs"
                variant="white"
                color="teal"
                style={{ alignSelf: 'flex-start' }}
                leftSection={<IconCheck size={14} />}
                onClick={() => onDecide({ decision: 'bought', transaction_id: pause.match?.transaction_id ?? null })}
                disabled={deciding}
              >
                That was it
              </Button>
            </Stack>
          </Paper>
        ) : null}
        {undecided ? (
          <Group gap="xs" grow>
            <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => onDecide({ decision: 'skipped' })} loading={deciding}>
              I skipped it
            </Button>
            <Button variant="default" leftSection={<IconShoppingBag size={16} />} onClick={() => onDecide({ decision: 'bought' })} disabled={deciding}>
              I bought it
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {pause.decision === 'skipped' ? 'Skipped' : 'Bought'}
              {pause.decided_at ? ` on ${localDateText(pause.decided_at)}` : ''}
            </Text>
            <Tooltip label="Remove">
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${pause.note ?? pause.payee}`} onClick={onRemove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
