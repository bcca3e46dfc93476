import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Account, IncomeSource } from '@mindspend/api-contract';
import { formatRowDate, parseIsoDate, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { Link } from 'react-router';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { ErrorList } from '../../components/ErrorList';
import { useRemoval } from '../../lib/use-removal';
import { deleteIncomeSource, invalidateIncome } from './api';
import { nextPaymentDate, recurrenceLabel } from './income-form';

interface IncomeSourcesTableProps {
  sources: IncomeSource[];
  accounts: Account[];
  today: string;
}

function nextText(source: IncomeSource, today: string): string {
  const next = nextPaymentDate(source, today);
  const date = next ? parseIsoDate(next) : null;
  return date ? `${formatRowDate(date)}, ${date.year}` : '—';
}

/** Each source with who pays, into which account, how much, how often and when next. */
export function IncomeSourcesTable({ sources, accounts, today }: IncomeSourcesTableProps) {
  const { removing, setRemoving, busy, errors, remove } = useRemoval(async (source: IncomeSource) => {
    await deleteIncomeSource(source.id);
    await invalidateIncome();
  });
  const accountName = (id: number) => accounts.find((account) => account.id === id)?.name ?? '—';

  return (
    <>
      <ErrorList messages={errors} />
      {removing ? (
        <ConfirmRemove
          message={`Remove the income source '${removing.entity.name}'? Its expected payments disappear; recorded transactions stay.`}
          busy={busy}
          onConfirm={() => void remove(removing)}
          onKeep={() => setRemoving(null)}
        />
      ) : null}
      <Table.ScrollContainer minWidth={680}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Income sources">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Source</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Recurrence</Table.Th>
              <Table.Th>Next payment</Table.Th>
              <Table.Th w={90}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((source) => (
              <Table.Tr key={source.id} data-testid="income-source-row">
                <Table.Td fw={600}>{source.entity.name}</Table.Td>
                <Table.Td>{accountName(source.account_id)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatAmount(toCents(source.amount))}
                </Table.Td>
                <Table.Td>{recurrenceLabel(source.recurrence, source.x_days)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" data-testid="next-payment">
                    {nextText(source, today)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="Edit">
                      <ActionIcon
                        component={Link}
                        to={`/income/${source.id}/edit`}
                        variant="subtle"
                        aria-label={`Edit ${source.entity.name}`}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Remove">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${source.entity.name}`}
                        onClick={() => setRemoving(source)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
