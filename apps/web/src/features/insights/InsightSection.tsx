import type { ReactNode } from 'react';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';

interface InsightSectionProps {
  title: string;
  description?: ReactNode;
  testId: string;
  /** Shown instead of chart and table when there is nothing to draw: says how to fill it. */
  empty?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  /** Chart above the table at every width (for wide tables such as the monthly trend). */
  stacked?: boolean;
}

/** A figure of the insights page: its chart beside (or, on a phone, above) the same numbers as a table. */
export function InsightSection({
  title,
  description,
  testId,
  empty,
  chart,
  table,
  stacked = false,
}: InsightSectionProps) {
  return (
    <Card withBorder radius="lg" p="lg" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {empty ?? (
          <SimpleGrid cols={{ base: 1, md: stacked ? 1 : 2 }} spacing="lg" verticalSpacing="md">
            <div data-testid={`${testId}-chart`}>{chart}</div>
            <div>{table}</div>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
