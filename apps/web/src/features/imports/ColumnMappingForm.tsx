import { Alert, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { MAPPING_DATE_FORMATS, type CsvMapping } from '@mindspend/domain';
import { IconColumns } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type AmountMode, type MappingDraft, guessMapping, previewMapping, toMapping } from './column-mapping';

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
  columns: readonly string[];
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
export function ColumnMappingForm({ columns, text, busy, onImport }: Props) {
  const [draft, setDraft] = useState<MappingDraft>(() => guessMapping(columns, text));
  const set = <K extends keyof MappingDraft>(key: K, value: MappingDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const options = columns.map((column) => ({ value: column, label: column }));
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
        Mindspend does not recognise this file&apos;s columns. Say which column holds what; the account remembers it for the
        next file like this one.
      </Alert>
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
