import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DetectedSubscriptions, DetectedSubscriptionWire } from '@mindspend/api-contract';
import { bookMoney } from './book-money';
import { cadenceWord, regrettedTotalText } from './subscription-text';

interface RegrettedSectionProps {
  subscriptions: DetectedSubscriptionWire[];
  /** The server's count and yearly total of the same subscriptions. */
  regretted: DetectedSubscriptions['regretted'];
}

/**
 * "Subscriptions you regret": the active ones whose latest second look said 'not worth it', each
 * with what it costs a year, and what they add up to — the money a cancellation would give back.
 */
export function RegrettedSection({ subscriptions, regretted }: RegrettedSectionProps) {
  if (subscriptions.length === 0) return null;
  return (
    <Card withBorder radius="lg" p="md" component="section" aria-labelledby="regretted-title" data-testid="subscriptions-regretted">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="regretted-title">
          Subscriptions you regret
        </Title>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {subscriptions.map((sub) => (
            <Group key={sub.id} component="li" justify="space-between" gap="xs" wrap="nowrap" data-testid="regretted-row">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {sub.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {cadenceWord(sub.cadence)}, {bookMoney(sub.amount)}
                </Text>
              </div>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="regretted-yearly">
                {bookMoney(sub.yearly_cost)} a year
              </Text>
            </Group>
          ))}
        </Stack>
        <Text fw={700} data-testid="regretted-total">
          {regrettedTotalText(regretted, bookMoney)}
        </Text>
      </Stack>
    </Card>
  );
}
