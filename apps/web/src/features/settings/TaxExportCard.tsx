/**
 * The tax and warranty export (issue 33; DECISIONS.md #113): a date range and chosen
 * sub-categories give a zip of a CSV (date, payee, amount, sub-category, notes, file names) and
 * the receipts and documents attached to those transactions.
 */
import { useState } from 'react';
import { Button, Card, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { downloadRoute } from '../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useToday } from '../../lib/use-today';
import { useCategories } from '../categories/api';
import { defaultTaxRange, taxExportProblems } from './tax-export-form';

export function TaxExportCard() {
  const today = useToday();
  const [range, setRange] = useState(() => defaultTaxRange(today));
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const expense = useCategories('expense');
  const income = useCategories('income');

  // Grouped by category; expense first, as receipts mostly are.
  const groups = [...(expense.data ?? []), ...(income.data ?? [])].map((category) => ({
    group: category.name,
    items: category.subcategories.map((sub) => ({ value: String(sub.id), label: sub.name })),
  }));

  // A changed choice clears the sentences about the last one.
  const change = (next: Partial<typeof range>) => {
    setRange({ ...range, ...next });
    setErrors([]);
  };
  const choose = (ids: string[]) => {
    setChosen(ids);
    setErrors([]);
  };

  const download = async () => {
    const choice = { ...range, subcategoryIds: chosen.map(Number) };
    const problems = taxExportProblems(choice);
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      await downloadRoute('exportTaxZip', 'mindspend-tax-export.zip', {
        query: { from: choice.from, to: choice.to, category_ids: choice.subcategoryIds.join(',') },
      });
    } catch (failure) {
      setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" data-testid="tax-export-card">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            Tax and warranty export
          </Title>
          <Text size="sm" c="dimmed">
            The transactions of chosen sub-categories over a range of dates, as a spreadsheet with their receipts
            and documents, in one zip: for your tax return, or a warranty claim.
          </Text>
        </div>
        <Group gap="sm" wrap="wrap" align="flex-start">
          <TextInput label="From" type="date" value={range.from} onChange={(event) => change({ from: event.currentTarget.value })} w={170} />
          <TextInput label="To" type="date" value={range.to} onChange={(event) => change({ to: event.currentTarget.value })} w={170} />
        </Group>
        <MultiSelect
          label="Sub-categories"
          placeholder={chosen.length === 0 ? 'Choose one or more' : undefined}
          data={groups}
          value={chosen}
          onChange={choose}
          searchable
          clearable
          nothingFoundMessage="No sub-category by that name"
          maxDropdownHeight={280}
        />
        <Group>
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void download()}>
            Download
          </Button>
        </Group>
        <ErrorList messages={errors} />
      </Stack>
    </Card>
  );
}
