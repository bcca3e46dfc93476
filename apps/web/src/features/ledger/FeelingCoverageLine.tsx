import { Text } from '@mantine/core';
import type { YearMonth } from '@mindspend/domain';
import { coverageSentence, useFeelingCoverage } from './feeling-coverage';

/** The month's feeling coverage, across all of the book's accounts (DECISIONS.md #102). */
export function FeelingCoverageLine({ month }: { month: YearMonth }) {
  const coverage = useFeelingCoverage(month);
  const sentence = coverage.data ? coverageSentence(coverage.data) : null;
  if (!coverage.data || sentence === null) return null;
  return (
    <Text size="xs" mt="xs" c="dimmed" fw={coverage.data.low ? 600 : undefined} data-testid="feeling-coverage">
      {sentence}
      {coverage.data.low ? ': too little to read much into how it felt.' : '.'}
    </Text>
  );
}
