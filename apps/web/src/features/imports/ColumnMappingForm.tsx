import { Alert, Button, Checkbox, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { MAPPING_DATE_FORMATS, type CsvMapping } from '@mindspend/domain';
import { IconColumns } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type AmountMode, type MappingDraft, columnPositions, guessMapping, previewMapping, toMapping } from './column-mapping';

const DELIMITERS = [
  { value: ',', label: 'Comma ,' },
  { value: ';', label: 'Semicolon ;' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Bar |' },
];
const DECIMALS = [
  { value: '.', label: 'Point: 1,234.56' },
  { value: ',', label: 'Comma: 1.234,56' },
];

interface Props {
  /** The header cells the server found, or positions '1', '2', … for a file without a header row. */
  columns: readonly string[];
  /** A value of each column from the first transaction. */
  samples: readonly string[];
  /** False when the server found no header row. */
  hasHeader: boolean;
  /** The file's text, read in the browser for the preview. */
  text: string;
  busy: boolean;
  onImport: (mapping: CsvMapping) => void;
}

/**
 * The mapping step (issue 17): which column is the date (and its format), the amount or debit and
 * credit, the payee, the notes and the currency (DECISIONS.md #91), the decimal separator and the
 * delimiter, with a preview of the first rows as they will be imported.
 */
export function ColumnMappingForm({ columns, samples, hasHeader, text, busy, onImport }: Props) {
  // The file's first line: the header cells, or (without a header row) its first transaction.
  const firstLine = hasHeader ? columns : samples;
  const namesFor = (withHeader: boolean) => (withHeader ? firstLine : columnPositions(firstLine.length));
  const [draft, setDraft] = useState<MappingDraft>(() => guessMapping(columns, text, { hasHeader, samples }));
  const set = <K extends keyof MappingDraft>(key: K, value: MappingDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const names = namesFor(draft.has_header);
  // By name, or by position with what the first line holds there.
  const options = names.map((name, index) => {
    if (draft.has_header) return { value: name, label: name };
    const example = firstLine[index];
    return { value: name, label: example ? `Column ${name} (${example.slice(0, 40)})` : `Column ${name}` };
  });
  const sayHeader = (withHeader: boolean) =>
    setDraft(guessMapping(namesFor(withHeader), text, { hasHeader: withHeader, samples: withHeader && hasHeader ? samples : firstLine }));
  const preview = useMemo(() => previewMapping(text, draft), [text, draft]);
  const column = (label: string, key: 'date' | 'amount' | 'debit' | 'credit' | 'payee' | 'notes' | 'currency', required = true) => (
    <Select
      label={label}
      placeholder={required ? 'Choose a column' : 'None'}
      data={options}
      value={draft[key] === '' ? null : draft[key]}
      onChange={(value) => set(key, value ?? '')}
      clearable={!required}
      allowDeselect={!required}
      disabled={busy}
      comboboxProps={{ withinPortal: true }}
    />
  );
  return (
    <Stack gap="sm" data-testid="column-mapping">
      <Alert color="blue" variant="light" icon={<IconColumns />} py="xs">
        {hasHeader
          ? "Mindspend does not recognise this file's columns. Say which column holds what; the account remembers it for the next file like this one."
          : 'This file has no header row: its first line is already a transaction. Say which column, by position, holds what; the account remembers it for the next file like this one.'}
      </Alert>
      <Checkbox
        label="The first line holds column names"
        description={draft.has_header ? undefined : 'Columns are chosen by position; the first line is imported as a transaction.'}
        checked={draft.has_header}
        onChange={(event) => sayHeader(event.currentTarget.checked)}
        disabled={busy}
      />
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        {column('Date column', 'date')}
        <Select
          label="Date format"
          data={MAPPING_DATE_FORMATS.map((format) => ({ value: format, label: format }))}
          value={draft.date_format}
          onChange={(value) => value && set('date_format', value as MappingDraft['date_format'])}
          allowDeselect={false}
          disabled={busy}
        />
      </SimpleGrid>
      <SegmentedControl
        data={[
          { value: 'amount', label: 'One amount column' },
          { value: 'debit-credit', label: 'Debit and credit columns' },
        ]}
        value={draft.amountMode}
        onChange={(value) => set('amountMode', value as AmountMode)}
        disabled={busy}
        aria-label="How the file writes amounts"
      />
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        {draft.amountMode === 'amount' ? column('Amount column', 'amount') : null}
        {draft.amountMode === 'debit-credit' ? column('Debit (money out) column', 'debit') : null}
        {draft.amountMode === 'debit-credit' ? column('Credit (money in) column', 'credit') : null}
        {column('Payee column', 'payee')}
        {column('Notes column', 'notes', false)}
        {column('Currency column', 'currency', false)}
        <Select
          label="Decimal separator"
          data={DECIMALS}
          value={draft.decimal}
          onChange={(value) => value && set('decimal', value as MappingDraft['decimal'])}
          allowDeselect={false}
          disabled={busy}
        />
        <Select
          label="Delimiter"
          data={DELIMITERS}
          value={draft.delimiter}
          onChange={(value) => value && set('delimiter', value as MappingDraft['delimiter'])}
          allowDeselect={false}
          disabled={busy}
        />
      </SimpleGrid>
      {'rows' in preview ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Preview of the first rows
          </Text>
          <Table striped withTableBorder fz="sm" data-testid="mapping-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Payee</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{row.date}</Table.Td>
                  <Table.Td>{row.payee}</Table.Td>
                  <Table.Td ta="right">{row.amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <Alert color="orange" variant="light" py="xs" data-testid="mapping-problem">
          {preview.problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => {
            const made = toMapping(draft);
            if ('mapping' in made) onImport(made.mapping);
          }}
          disabled={busy || !('rows' in preview) || preview.rows.length === 0}
        >
          Import with these columns
        </Button>
      </Group>
    </Stack>
  );
}
