/** The detail modal's lists (spec §2.5): each transaction's share, and totals per store name. */
import type { Transaction } from '@mindspend/api-contract';
import { toCents, type Cents } from '@mindspend/domain';
import { isBookCurrency } from '../../lib/money';

/** The store name a row shows: the payee's name, else the free-text payee. */
export function storeName(transaction: Transaction): string {
  return transaction.entity?.name ?? transaction.payee ?? 'No payee';
}

/**
 * What a transaction put on this budget, in the book's currency that budgets count: its split
 * share of the sub-category, else its amount. A transaction in another currency counts its base
 * amount (DECISIONS.md #90); a split line of one, which the API sends in the account's currency
 * only, its proportional part of the base amount.
 */
export function shareCents(transaction: Transaction, subcategoryId: number): Cents {
  const split = transaction.subcategories.find((sub) => sub.id === subcategoryId);
  if (isBookCurrency(transaction.currency)) return Math.abs(toCents(split ? split.amount : transaction.amount));
  const base = Math.abs(toCents(transaction.base_amount));
  const whole = Math.abs(toCents(transaction.amount));
  if (!split || whole === 0) return base;
  return Math.round((Math.abs(toCents(split.amount)) * base) / whole);
}

export interface StoreTotal {
  name: string;
  cents: Cents;
  count: number;
}

/** 'Totals Grouped': the sum per store name, largest first (ties by name). */
export function totalsByStore(transactions: readonly Transaction[], subcategoryId: number): StoreTotal[] {
  const totals = new Map<string, StoreTotal>();
  for (const transaction of transactions) {
    const name = storeName(transaction);
    const entry = totals.get(name) ?? { name, cents: 0, count: 0 };
    entry.cents += shareCents(transaction, subcategoryId);
    entry.count += 1;
    totals.set(name, entry);
  }
  return [...totals.values()].sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name));
}

/** Newest first, as the server sends them; sorted again so a cached list stays in order. */
export function newestFirst(transactions: readonly Transaction[]): Transaction[] {
  return [...transactions].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}
