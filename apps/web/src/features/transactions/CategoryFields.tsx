import { Anchor, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import type { Category } from '@mindspend/api-contract';
import type { CurrencyCode } from '@mindspend/domain';
import { SplitRows } from './SplitRows';
import { startSplit, type TransactionFormValues } from './transaction-form';

interface CategoryFieldsProps {
  categories: Category[];
  loading: boolean;
  values: TransactionFormValues;
  onChange: (values: TransactionFormValues) => void;
  /** The edit form offers 'Split category' (spec §2.4). */
  allowSplit: boolean;
  /** The account's currency: split amounts are typed in it. */
  currency: CurrencyCode;
}

/** Category and Sub-category; changing the category resets the sub-category (spec §4). */
export function CategoryFields({ categories, loading, values, onChange, allowSplit, currency }: CategoryFieldsProps) {
  if (values.split) {
    return (
      <Stack gap={4}>
        <SplitRows
          categories={categories}
          rows={values.splitRows}
          amount={values.amount}
          currency={currency}
          onChange={(splitRows) => onChange({ ...values, splitRows })}
        />
        <Anchor
          component="button"
          type="button"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange({ ...values, split: false, splitRows: [] })}
        >
          Use one category
        </Anchor>
      </Stack>
    );
  }
  const category = categories.find((entry) => entry.id === values.categoryId);
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Category"
          placeholder={loading ? 'Loading…' : 'Choose a category'}
          data={categories.map((entry) => ({ value: String(entry.id), label: entry.name }))}
          value={values.categoryId === null ? null : String(values.categoryId)}
          onChange={(next) => onChange({ ...values, categoryId: next === null ? null : Number(next), subcategoryId: null })}
          searchable
          clearable
        />
        <Select
          label="Sub-category"
          placeholder={category ? 'Choose a sub-category' : 'Choose a category first'}
          data={(category?.subcategories ?? []).map((sub) => ({ value: String(sub.id), label: `${sub.emoji} ${sub.name}` }))}
          value={values.subcategoryId === null ? null : String(values.subcategoryId)}
          onChange={(next) => onChange({ ...values, subcategoryId: next === null ? null : Number(next) })}
          disabled={!category}
          searchable
          clearable
        />
      </SimpleGrid>
      {allowSplit ? (
        <Group>
          <Anchor component="button" type="button" size="sm" onClick={() => onChange(startSplit(values))}>
            Split category
          </Anchor>
        </Group>
      ) : null}
    </Stack>
  );
}
