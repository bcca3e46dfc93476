import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

interface ReportSectionProps {
  title: string;
  description: ReactNode;
  testId: string;
  /** Controls of this report alone (the spending grouping). */
  controls?: ReactNode;
  /** Saves the table as CSV; absent while there is nothing to save. */
  onDownload?: () => void;
  /** Shown instead of chart and table when there is nothing to draw: says how to fill it. */
  empty?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}

/** One report: its chart above the same figures as a table, with a CSV download of that table. */
export function ReportSection({ title, description, testId, controls, onDownload, empty, chart, table }: ReportSectionProps) {
  return (
    <Card withBorder radius="lg" p="lg" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={2} fz="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <Group gap="sm" align="flex-end">
            {controls}
            {onDownload ? (
              <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onDownload}>
                Download CSV
              </Button>
            ) : null}
          </Group>
        </Group>
        {empty ?? (
          <>
            <div data-testid={`${testId}-chart`}>{chart}</div>
            {table}
          </>
        )}
      </Stack>
    </Card>
  );
}
