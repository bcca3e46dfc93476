import { Table, Text } from '@mantine/core';
import type { Institution } from './api';

export const NO_INSTITUTIONS =
  'You have no connected banks or credit cards, click connect below to connect one now.';

/** Linked banks with their account counts, or the empty text of spec §2.2. */
export function InstitutionsTable({ institutions }: { institutions: Institution[] }) {
  return (
    <>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bank Name</Table.Th>
            <Table.Th ta="right">No.of accounts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {institutions.map((institution) => (
            <Table.Tr key={institution.id}>
              <Table.Td>{institution.name}</Table.Td>
              <Table.Td ta="right">{institution.account_count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {institutions.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="institutions-empty">
          {NO_INSTITUTIONS}
        </Text>
      ) : null}
    </>
  );
}
