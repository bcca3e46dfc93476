import { useState } from 'react';
import { Anchor, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { DetectedSubscriptionWire } from '@mindspend/api-contract';
import { bookMoney } from './book-money';
import { cadenceWord, dayText } from './subscription-text';

interface PastSubscriptionsProps {
  title: 'Dismissed' | 'Ended';
  subscriptions: DetectedSubscriptionWire[];
  today: string;
  /** Dismissed ones can be brought back (state 'detected'); ended ones cannot. */
  onUndo?: (subscription: DetectedSubscriptionWire) => void;
  /** The id of the subscription whose change is being sent. */
  busyId: number | null;
}

/**
 * Subscriptions out of the main list, folded under a one-line toggle so they do not crowd it:
 * those the person said are none (with an undo) and those no longer charged.
 */
export function PastSubscriptions({ title, subscriptions, today, onUndo, busyId }: PastSubscriptionsProps) {
  const [open, setOpen] = useState(false);
  if (subscriptions.length === 0) return null;
  const testId = `subscriptions-${title.toLowerCase()}`;
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Anchor component="button" type="button" fw={600} onClick={() => setOpen((shown) => !shown)} aria-expanded={open} style={{ alignSelf: 'flex-start' }}>
        {open ? 'Hide' : 'Show'} {title.toLowerCase()} ({subscriptions.length})
      </Anchor>
      <Collapse expanded={open}>
        <Stack gap="xs">
          {subscriptions.map((sub) => (
            <Paper key={sub.id} withBorder radius="md" p="sm" data-testid={`${testId}-row`}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {sub.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {cadenceWord(sub.cadence)}, {bookMoney(sub.amount)} · last charged {dayText(sub.last_charge, today)}
                  </Text>
                </div>
                {onUndo ? (
                  <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={14} />} onClick={() => onUndo(sub)} loading={busyId === sub.id} aria-label={`Undo: ${sub.name} is a subscription after all`}>
                    Undo
                  </Button>
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
