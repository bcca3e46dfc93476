import { Select, SimpleGrid } from '@mantine/core';
import { useCategories } from '../categories/api';

interface PauseCategoryPickerProps {
  categoryId: number | null;
  subcategoryId: number | null;
  onChange: (choice: { categoryId: number | null; subcategoryId: number | null }) => void;
  error?: string | undefined;
}

/**
 * The optional sub-category of a pause, picked as a transaction's is (category, then its
 * sub-category; features/transactions/CategoryFields.tsx): a forecast falls back on it when the
 * payee has too little history. Changing the category clears the sub-category.
 */
export function PauseCategoryPicker({ categoryId, subcategoryId, onChange, error }: PauseCategoryPickerProps) {
  const categories = useCategories('expense');
  const list = categories.data ?? [];
  const category = list.find((entry) => entry.id === categoryId);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Select
        label="Category"
        placeholder={categories.isPending ? 'Loading…' : 'Choose a category'}
        data={list.map((entry) => ({ value: String(entry.id), label: entry.name }))}
        value={categoryId === null ? null : String(categoryId)}
        onChange={(next) => onChange({ categoryId: next === null ? null : Number(next), subcategoryId: null })}
        searchable
        clearable
      />
      <Select
        label="Sub-category"
        placeholder={category ? 'Choose a sub-category' : 'Choose a category first'}
        data={(category?.subcategories ?? []).map((sub) => ({ value: String(sub.id), label: `${sub.emoji} ${sub.name}` }))}
        value={subcategoryId === null ? null : String(subcategoryId)}
        onChange={(next) => onChange({ categoryId, subcategoryId: next === null ? null : Number(next) })}
        disabled={!category}
        error={error}
        searchable
        clearable
      />
    </SimpleGrid>
  );
}
