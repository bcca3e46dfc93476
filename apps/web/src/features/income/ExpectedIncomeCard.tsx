import { ActionIcon, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addMonths, formatRowDate, monthName, parseIsoDate, toCents, type YearMonth } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useExpectedIncome } from './api';

interface ExpectedIncomeCardProps {
  month: YearMonth;
  onMonthChange: (month: YearMonth) => void;
}

function dateText(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? formatRowDate(date) : iso;
}

/** The month's expected payments from every source; each shows Received once the ledger has it. */
export function ExpectedIncomeCard({ month, onMonthChange }: ExpectedIncomeCardProps) {
  const expected = useExpectedIncome(month);
  const label = `${monthName(month.month)} ${month.year}`;
  const data = expected.data;
  return (
    <Card withBorder radius="lg" p="lg" data-testid="expected-income">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4">
            Expected income
          </Title>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label="Previous month"
              onClick={() => onMonthChange(addMonths(month, -1))}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Text fw={600} miw={120} ta="center" data-testid="expected-month">
              {label}
            </Text>
            <ActionIcon
              variant="default"
              aria-label="Next month"
              onClick={() => onMonthChange(addMonths(month, 1))}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <ErrorList
          messages={
            expected.error
              ? expected.error instanceof ApiError
                ? expected.error.messages
                : [UNEXPECTED_ERROR]
              : []
          }
        />
        {!data ? (
          expected.isPending ? (
            <Skeleton h={80} />
          ) : null
        ) : (
          <>
            <Group gap="xl" wrap="wrap">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Expected
                </Text>
                <Text fz={22} fw={700} data-testid="expected-total">
                  {formatAmount(toCents(data.total))}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Received
                </Text>
                <Text fz={22} fw={700} c="teal" data-testid="received-total">
                  {formatAmount(toCents(data.received_total))}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Still to come
                </Text>
                <Text fz={22} fw={700} data-testid="pending-total">
                  {formatAmount(Math.max(0, toCents(data.total) - toCents(data.received_total)))}
                </Text>
              </div>
            </Group>
            {data.payments.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="expected-empty">
                No income is expected in {label}.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table verticalSpacing="xs" aria-label={`Expected income in ${label}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Source</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th ta="right">Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.payments.map((payment) => (
                      <Table.Tr key={`${payment.source_id}-${payment.date}`} data-testid="expected-payment">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateText(payment.date)}</Table.Td>
                        <Table.Td>{payment.entity_name}</Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {formatAmount(toCents(payment.amount))}
                        </Table.Td>
                        <Table.Td ta="right">
                          {payment.received ? (
                            <Badge color="teal" variant="light" data-testid="payment-received">
                              Received
                            </Badge>
                          ) : (
                            <Badge color="gray" variant="outline" data-testid="payment-expected">
                              Expected
                            </Badge>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
