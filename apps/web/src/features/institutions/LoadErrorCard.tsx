import { Button, Card, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The error card of spec §2.2: the list could not be loaded, with a Retry. */
export function LoadErrorCard({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <Card withBorder radius="lg" p="lg" bg="var(--mantine-color-red-light)" data-testid="institutions-error">
      <Group gap="sm" wrap="nowrap">
        <IconAlertTriangle color="var(--mantine-color-red-7)" />
        <div>
          <Text fw={700}>Could not load your connected institutions</Text>
          <Text size="sm" c="dimmed">
            Something went wrong while loading them. Please try again.
          </Text>
        </div>
        <Button variant="light" color="red" ml="auto" loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Card>
  );
}
