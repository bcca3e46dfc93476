import { Card, Stack, Text, Title } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';

/**
 * No subscription found yet: says what the detection looks for, so a person who just started does
 * not think it is broken — it needs three charges at one payee before it calls them a subscription.
 */
export function SubscriptionsEmpty() {
  return (
    <Card withBorder radius="lg" p="xl" data-testid="subscriptions-empty">
      <Stack align="center" gap="xs" ta="center">
        <IconRepeat size={40} stroke={1.4} color="var(--mantine-color-teal-6)" aria-hidden />
        <Title order={2} fz="h4">
          No subscriptions found yet
        </Title>
        <Text c="dimmed">
          Mindspend finds them in your expenses: at least 3 charges at the same payee, for about the same amount, every month, every 3
          months or every year. Keep recording your expenses and they will show up here.
        </Text>
      </Stack>
    </Card>
  );
}
