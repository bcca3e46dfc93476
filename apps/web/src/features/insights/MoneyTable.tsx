import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

export interface MoneyColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface MoneyTableProps<Row> {
  label: string;
  columns: Array<MoneyColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string;
}

/** The readable twin of a chart: the same figures, one row each, numbers right-aligned. */
export function MoneyTable<Row>({ label, columns, rows, rowKey }: MoneyTableProps<Row>) {
  // A phone's card is about 300 px wide inside: three columns fit it whole; more scroll sideways.
  return (
    <Table.ScrollContainer minWidth={columns.length <= 3 ? 280 : 320}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.label}
                ta={column.numeric ? 'right' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.label}
                  ta={column.numeric ? 'right' : undefined}
                  style={column.numeric ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
