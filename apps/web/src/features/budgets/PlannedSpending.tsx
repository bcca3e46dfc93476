import { Group, Progress, Stack, Text, Title } from '@mantine/core';
import {
  compareMonths,
  monthName,
  monthProgress,
  monthProgressLabel,
  parseIsoDate,
  type YearMonth,
} from '@mindspend/domain';

interface PlannedSpendingProps {
  month: YearMonth;
  current: YearMonth;
  today: string;
}

/** '{Month} Planned Spending' ('Forecasted' after the current month) and the days-passed bar. */
export function PlannedSpending({ month, current, today }: PlannedSpendingProps) {
  const forecast = compareMonths(month, current) > 0;
  const day = parseIsoDate(today)?.day ?? 1;
  const progress = monthProgress(month, { ...current, day });
  return (
    <Stack gap={6}>
      <Title order={3} fz="h4" data-testid="planned-heading">
        {monthName(month.month)} {forecast ? 'Forecasted' : 'Planned Spending'}
      </Title>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="month-progress">
          {monthProgressLabel(progress)}
        </Text>
        <Text size="sm" c="dimmed">
          {Math.round(progress.percent)}%
        </Text>
      </Group>
      <Progress value={progress.percent} size="sm" aria-label="Days of the month passed" />
    </Stack>
  );
}
