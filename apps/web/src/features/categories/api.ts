/** The category tree (spec §7): income and expense categories, each with its sub-categories. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-routes';

export type CategoryKind = 'income' | 'expense';

export const categoryKeys = {
  kind: (kind: CategoryKind) => ['categories', kind] as const,
};

const ROUTE_OF_KIND = { income: 'listIncomeCategories', expense: 'listExpenseCategories' } as const satisfies Record<CategoryKind, string>;

export const fetchCategories = (kind: CategoryKind) => callApi(ROUTE_OF_KIND[kind]);

/** The categories of one transaction type; the tree only changes with a release, so it is read once. */
export function useCategories(kind: CategoryKind | null) {
  return useQuery({
    queryKey: categoryKeys.kind(kind ?? 'expense'),
    queryFn: () => fetchCategories(kind ?? 'expense'),
    enabled: kind !== null,
    staleTime: Infinity,
  });
}
