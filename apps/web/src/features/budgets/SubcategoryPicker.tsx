import { Select } from '@mantine/core';
import type { Subcategory } from '@mindspend/api-contract';
import { useCategories } from '../categories/api';

interface SubcategoryPickerProps {
  value: number | null;
  onChange: (sub: Subcategory) => void;
  error?: string;
}

/** The expense sub-categories, grouped by category (GET /transactions/categories/expenses). */
export function SubcategoryPicker({ value, onChange, error }: SubcategoryPickerProps) {
  const categories = useCategories('expense');
  const subs = new Map(
    (categories.data ?? []).flatMap((category) =>
      category.subcategories.map((sub) => [String(sub.id), sub] as const),
    ),
  );
  return (
    <Select
      label="Sub-category"
      placeholder={categories.isPending ? 'Loading…' : 'Choose a sub-category'}
      searchable
      withAsterisk
      data={(categories.data ?? []).map((category) => ({
        group: category.name,
        items: category.subcategories.map((sub) => ({
          value: String(sub.id),
          label: `${sub.emoji} ${sub.name}`,
        })),
      }))}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const sub = next === null ? undefined : subs.get(next);
        if (sub) onChange(sub);
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
