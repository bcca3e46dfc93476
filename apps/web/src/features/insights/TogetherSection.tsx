import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TogetherLineWire, TogetherWire } from '@mindspend/api-contract';
import { toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { EmptyHint } from './EmptyHint';
import { InsightSection } from './InsightSection';
import { MoneyTable } from './MoneyTable';
import type { NamedMember } from '../books/api';
import { membersSentence, purchasesText } from './together-text';

const money = (dollars: number) => formatAmount(toCents(dollars));

const NOTHING_COMPARED =
  'No purchase in this range has been felt by two of you yet. Purchases appear here once at least two members who share their feelings have recorded one.';

const columns = [
  { label: 'Name', cell: (row: TogetherLineWire) => row.name },
  { label: 'All regretted', cell: (row: TogetherLineWire) => money(row.all_amount), numeric: true },
  { label: 'Only some', cell: (row: TogetherLineWire) => money(row.some_amount), numeric: true },
];

function Total({ label, amount, count }: { label: string; amount: number; count: number }) {
  return (
    <Text size="sm">
      <Text span size="sm" fw={600}>
        {label}:
      </Text>{' '}
      {money(amount)} in {purchasesText(count)}
    </Text>
  );
}

function LinesTable({ title, lines }: { title: string; lines: TogetherLineWire[] }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      <MoneyTable label={`Together ${title.toLowerCase()}`} rowKey={(row) => `${row.id ?? 'none'}-${row.name}`} rows={lines} columns={columns} />
    </Stack>
  );
}

/**
 * `view=together` (issue 25): the purchases every counted member regretted, and those only some of
 * them did, in all and by payee and category. The totals take the chart's place: two sums say more
 * than a picture of them would.
 */
export function TogetherSection({ together, nameOf }: { together: TogetherWire; nameOf: (member: NamedMember) => string }) {
  const { totals } = together;
  const compared = together.compared > 0;
  return (
    <InsightSection
      title="Together"
      description={
        compared
          ? `${membersSentence(together.members, nameOf)} ${purchasesText(together.compared)} felt by at least two of you.`
          : membersSentence(together.members, nameOf)
      }
      testId="insight-together"
      empty={compared ? undefined : <EmptyHint>{NOTHING_COMPARED}</EmptyHint>}
      chart={
        <Stack gap={4} data-testid="together-totals">
          <Total label="All of you regretted" amount={totals.all_amount} count={totals.all_count} />
          <Total label="Only some of you regretted" amount={totals.some_amount} count={totals.some_count} />
        </Stack>
      }
      table={
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
          <LinesTable title="By payee" lines={together.by_payee} />
          <LinesTable title="By category" lines={together.by_category} />
        </SimpleGrid>
      }
      stacked
    />
  );
}
