import { Group, Input, Paper, SegmentedControl } from '@mantine/core';
import type { CategoryFilter, LedgerFilters, TypeFilter } from './ledger-filters';

interface TransactionFiltersProps {
  filters: LedgerFilters;
  onChange: (filters: LedgerFilters) => void;
}

const TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'income', label: 'Income' },
  { value: 'expense', label: 'Expense' },
];
const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'categorized', label: 'Categorized' },
  { value: 'uncategorized', label: 'Uncategorized' },
];

/** Spec §2.3 Filters panel: Type and Category status. */
export function TransactionFilters({ filters, onChange }: TransactionFiltersProps) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mindspend-color-subtle)" data-testid="filters-panel">
      <Group gap="xl" wrap="wrap">
        <Input.Wrapper label="Type">
          <SegmentedControl
            display="flex"
            size="xs"
            data={TYPE_OPTIONS}
            value={filters.type}
            onChange={(type) => onChange({ ...filters, type: type as TypeFilter })}
          />
        </Input.Wrapper>
        <Input.Wrapper label="Category status">
          <SegmentedControl
            display="flex"
            size="xs"
            data={CATEGORY_OPTIONS}
            value={filters.category}
            onChange={(category) => onChange({ ...filters, category: category as CategoryFilter })}
          />
        </Input.Wrapper>
      </Group>
    </Paper>
  );
}
