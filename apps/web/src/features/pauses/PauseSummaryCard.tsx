import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { toCents } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { formatAmount } from '../../lib/money';
import { useToday } from '../../lib/use-today';
import { usePauseSummary } from './api';
import { SUMMARY_DAYS, lastDays } from './pause-list';
import { boughtText, feltComparisonText, skippedText, undecidedText } from './pause-text';

const money = (amount: number) => formatAmount(toCents(amount));

/**
 * What pausing did over the last 90 days of the person's own dates (the server's today in their
 * time zone, as every page counts days): what was skipped, what was bought, and how the purchases
 * bought after a pause were felt against the rest.
 */
export function PauseSummaryCard() {
  const today = useToday();
  const { from, to } = lastDays(today, SUMMARY_DAYS);
  const summary = usePauseSummary(from, to);
  const data = summary.data;
  const undecided = data ? undecidedText(data.undecided) : null;
  return (
    <Card withBorder radius="lg" p="md" data-testid="pause-summary">
      <Stack gap={6}>
        <Title order={2} fz="h4">
          The last {SUMMARY_DAYS} days
        </Title>
        <ErrorList messages={summary.error ? (summary.error instanceof ApiError ? summary.error.messages : [UNEXPECTED_ERROR]) : []} />
        {data ? (
          <>
            <Text fw={700} data-testid="pause-summary-skipped">
              {skippedText(data.skipped, money)}
            </Text>
            <Text size="sm" data-testid="pause-summary-bought">
              {boughtText(data.bought, money)}
            </Text>
            <Text size="sm" c="dimmed" data-testid="pause-summary-felt">
              {feltComparisonText(data.after_pause, data.rest)}
            </Text>
            {undecided ? (
              <Text size="sm" c="dimmed">
                {undecided}
              </Text>
            ) : null}
          </>
        ) : summary.isPending ? (
          <Skeleton h={72} />
        ) : null}
      </Stack>
    </Card>
  );
}
