/** The category tree (spec §7): income and expense categories, each with its sub-categories. */
import { useQuery } from '@tanstack/react-query';
import type { Category } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';

export type CategoryKind = 'income' | 'expense';

export const categoryKeys = {
  kind: (kind: CategoryKind) => ['categories', kind] as const,
};

const PATHS: Record<CategoryKind, string> = {
  income: '/transactions/categories/income',
  expense: '/transactions/categories/expenses',
};

export const fetchCategories = (kind: CategoryKind) => api.get<Category[]>(PATHS[kind]);

/** The categories of one transaction type; the tree only changes with a release, so it is read once. */
export function useCategories(kind: CategoryKind | null) {
  return useQuery({
    queryKey: categoryKeys.kind(kind ?? 'expense'),
    queryFn: () => fetchCategories(kind ?? 'expense'),
    enabled: kind !== null,
    staleTime: Infinity,
  });
}
