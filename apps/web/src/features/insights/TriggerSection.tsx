import { Card, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { InsightsResponse, TriggerDimensionWire } from '@mindspend/api-contract';
import { rateText } from './insights-range';

type Triggers = InsightsResponse['triggers'];

const DIMENSIONS: Array<{ key: keyof Triggers; title: string }> = [
  { key: 'weekday', title: 'By weekday' },
  { key: 'days_since_income', title: 'By days since income' },
  { key: 'payment_method', title: 'By payment method' },
  { key: 'amount_band', title: 'By amount' },
];

/** The sentence shown instead of a dimension that rests on too few feelings (DECISIONS.md #49). */
export function notEnoughText(feelings: number, needed: number): string {
  return `Not enough feelings yet: ${feelings} of the ${needed} needed.`;
}

function Dimension({
  title,
  testId,
  dimension,
}: {
  title: string;
  testId: string;
  dimension: TriggerDimensionWire;
}) {
  return (
    <Stack gap={6} data-testid={testId}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      {!dimension.enough ? (
        <Text size="sm" c="dimmed">
          {notEnoughText(dimension.feelings, dimension.needed)}
        </Text>
      ) : dimension.groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No group has 5 feelings yet.
        </Text>
      ) : (
        <Table layout="fixed" verticalSpacing={4} fz="sm" aria-label={`Regret rate ${title.toLowerCase()}`}>
          <Table.Tbody>
            {dimension.groups.map((group) => (
              <Table.Tr key={group.key}>
                <Table.Td w="36%" style={{ overflowWrap: 'anywhere' }}>
                  {group.label}
                </Table.Td>
                <Table.Td w="36%">
                  <Progress
                    value={group.rate}
                    color="red.6"
                    size="md"
                    aria-label={`${group.label}: ${rateText(group.rate)} regretted`}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  {rateText(group.rate)}{' '}
                  <Text span size="xs" c="dimmed">
                    ({group.regretted} of {group.feelings})
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** What triggers regret: the regret rate of felt expenses by weekday, days since income, payment method and amount. */
export function TriggerSection({ data }: { data: InsightsResponse }) {
  const title = 'What triggers regret';
  return (
    <Card withBorder radius="lg" p="lg" data-testid="insight-triggers" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            Share of expenses with a feeling that you tagged ‘Regretted it’. Groups with fewer than 5 feelings
            are left out.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
          {DIMENSIONS.map(({ key, title: dimensionTitle }) => (
            <Dimension
              key={key}
              title={dimensionTitle}
              testId={`trigger-${key}`}
              dimension={data.triggers[key]}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
