/**
 * Actual's ids turned into what a person sees: account names, categories with their group, payee
 * names. Merged categories and payees are followed through their mapping tables first, as Actual
 * does when it shows a row; deleted (tombstoned) rows name nothing.
 */
import type { AppAccount, AppAccountKind, AppBudget, AppCategory, LeftBehind } from '@mindspend/domain';
import type { ActualRows } from './actual-export-db';

export interface ActualNames {
  accounts: AppAccount[];
  /** The live account's unique name, or null for a deleted or unknown account. */
  account(id: string | null): string | null;
  /** True when the id names an account that was deleted in Actual. */
  deletedAccount(id: string | null): boolean;
  category(id: string | null): AppCategory | null;
  payee(id: string | null): string | null;
}

/** Mindspend's kind from the account's name: Actual keeps no kind a person chose. */
export function accountKind(name: string): AppAccountKind {
  if (/card|visa|mastercard|amex/i.test(name)) return 'credit card';
  if (/saving/i.test(name)) return 'savings';
  return 'checking';
}

/** Follows merges to the id a row now has; a chain is followed, a loop stops where it closes. */
function resolve(mapping: Map<string, string>, id: string): string {
  const seen = new Set<string>([id]);
  let current = id;
  for (let next = mapping.get(current); next !== undefined && !seen.has(next); next = mapping.get(current)) {
    seen.add(next);
    current = next;
  }
  return current;
}

const present = (value: string | null): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export function actualNames(rows: ActualRows): ActualNames {
  const accountNames = new Map<string, string>();
  const deletedAccounts = new Set<string>();
  const taken = new Set<string>();
  const accounts: AppAccount[] = [];
  for (const row of rows.accounts) {
    if (row.tombstone) {
      deletedAccounts.add(row.id);
      continue;
    }
    // AppAccount names must be unique in an export; Actual allows two accounts of one name.
    const base = row.name || 'Unnamed account';
    let name = base;
    for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) name = `${base} (${copy})`;
    taken.add(name.toLowerCase());
    accountNames.set(row.id, name);
    accounts.push({ name, kind: accountKind(name), currency: null });
  }

  const groups = new Map(rows.groups.map((group) => [group.id, present(group.name)]));
  const categories = new Map<string, AppCategory>();
  for (const row of rows.categories) {
    const name = present(row.name);
    if (!row.tombstone && name !== null)
      categories.set(row.id, { group: row.group === null ? null : (groups.get(row.group) ?? null), name });
  }

  const payees = new Map<string, string>();
  for (const row of rows.payees) {
    if (row.tombstone) continue;
    // Actual names a transfer payee by its account (the payee's own name is empty).
    const name =
      row.transferAcct !== null ? transferName(accountNames.get(row.transferAcct)) : present(row.name);
    if (name !== null) payees.set(row.id, name);
  }

  return {
    accounts,
    account: (id) => (id === null ? null : (accountNames.get(id) ?? null)),
    deletedAccount: (id) => id !== null && deletedAccounts.has(id),
    category: (id) => (id === null ? null : (categories.get(resolve(rows.categoryMapping, id)) ?? null)),
    payee: (id) => (id === null ? null : (payees.get(resolve(rows.payeeMapping, id)) ?? null)),
  };
}

const transferName = (account: string | undefined) => (account === undefined ? null : `Transfer: ${account}`);

/** "YYYY-MM" of Actual's YYYYMM month, or null when it is no month. */
export function actualMonth(month: number | null): string | null {
  if (month === null || month < 100_001 || month > 999_912 || month % 100 < 1 || month % 100 > 12)
    return null;
  return `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`;
}

/**
 * The envelope budgets (zero_budgets) with an amount: one per category and month, merged
 * categories' amounts added to the category they became.
 */
export function actualBudgets(
  rows: ActualRows,
  names: ActualNames,
): { budgets: AppBudget[]; leftBehind: LeftBehind[] } {
  const budgets = new Map<string, AppBudget>();
  const leftBehind: LeftBehind[] = [];
  for (const row of rows.budgets) {
    if (row.amount === null || row.amount === 0) continue;
    const month = actualMonth(row.month);
    const category = names.category(row.category);
    const source = `budget ${row.id}`;
    if (month === null) leftBehind.push({ source, reason: 'an unreadable month' });
    else if (category === null)
      leftBehind.push({ source, reason: `a ${month} budget for a category deleted in Actual` });
    else {
      const key = JSON.stringify([category.group, category.name, month]);
      const existing = budgets.get(key);
      budgets.set(key, { category, month, amountCents: (existing?.amountCents ?? 0) + row.amount });
    }
  }
  return { budgets: [...budgets.values()].filter((budget) => budget.amountCents !== 0), leftBehind };
}
