import { Text } from '@mantine/core';

/** One labelled figure of a subscription card (amount, a year, dates, charges). */
export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
