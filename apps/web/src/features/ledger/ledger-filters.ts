/** The ledger's Filters panel and search box (spec §2.3), applied to a month of transactions. */
import type { Transaction } from '@mindspend/api-contract';
import { isMissingEmotion, isUncategorized, toCents } from '@mindspend/domain';

export type TypeFilter = 'all' | 'income' | 'expense';
export type CategoryFilter = 'all' | 'categorized' | 'uncategorized';

export interface LedgerFilters {
  type: TypeFilter;
  category: CategoryFilter;
  /** The debounced search text. */
  search: string;
}

export const NO_FILTERS: LedgerFilters = { type: 'all', category: 'all', search: '' };

/** Spec §2.3: search box debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The words a search looks in: payee (full and short), description, notes and sub-categories. */
function searchableText(transaction: Transaction): string {
  return [
    transaction.entity?.name,
    transaction.entity?.name_short,
    transaction.payee,
    transaction.description,
    transaction.notes,
    ...transaction.subcategories.map((line) => line.name),
  ]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('\n')
    .toLowerCase();
}

/** The transactions the filters and search let through, in their original (newest first) order. */
export function filterTransactions(transactions: readonly Transaction[], filters: LedgerFilters): Transaction[] {
  const needle = filters.search.trim().toLowerCase();
  return transactions.filter((transaction) => {
    if (filters.type !== 'all' && transaction.type !== filters.type) return false;
    if (filters.category === 'categorized' && isUncategorized(transaction)) return false;
    if (filters.category === 'uncategorized' && (transaction.transfer_id !== null || !isUncategorized(transaction))) return false;
    return needle === '' || searchableText(transaction).includes(needle);
  });
}

export interface BannerCounts {
  uncategorizedCount: number;
  /** Sum of the uncategorized transactions' amounts, in cents. */
  uncategorizedCents: number;
  missingEmotionCount: number;
}

/** Spec §4: counts for the uncategorized (count and total) and missing-emotions banners. */
export function bannerCounts(transactions: readonly Transaction[]): BannerCounts {
  let uncategorizedCount = 0;
  let uncategorizedCents = 0;
  let missingEmotionCount = 0;
  for (const transaction of transactions) {
    // A transfer's leg needs no category or feeling (docs/DECISIONS.md #47).
    if (transaction.transfer_id !== null) continue;
    if (isUncategorized(transaction)) {
      uncategorizedCount += 1;
      uncategorizedCents += toCents(transaction.absolute_value_amount);
    }
    if (isMissingEmotion(transaction)) missingEmotionCount += 1;
  }
  return { uncategorizedCount, uncategorizedCents, missingEmotionCount };
}
