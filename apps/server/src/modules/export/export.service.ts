/** Data export: every transaction as a spreadsheet-ready CSV (the backup file is modules/backup). */
import { FEELINGS, PAYMENT_METHODS, type CsvValue, csvAmount, csvDocument } from '@mindspend/domain';
import type { AppDeps } from '../../deps';
import type { BookScope } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import { splitsForCsv, transactionsForCsv } from './export.repo';

export const CSV_HEADER = [
  'Date', 'Account', 'Payee', 'Type', 'Amount', 'Category', 'Sub-category', 'Feeling', 'Purpose', 'Payment method', 'Notes', 'Pending',
  // Last, so the columns before keep their places: a leg is income or expense in its account but
  // neither in the app's figures (docs/DECISIONS.md #47, #70).
  'Transfer',
] as const;

const feelingLabel = new Map<string, string>(FEELINGS.map((f) => [f.value, f.label]));
const methodLabel = new Map<string, string>(PAYMENT_METHODS.map((m) => [m.value, m.label]));
const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

type SplitLine = { category: string; subcategory: string; amountCents: number };

/**
 * One row per transaction, so the Amount column sums to the ledger's totals. A split
 * transaction lists its categories once each and its sub-categories with their own amounts,
 * joined with '; ' (e.g. 'Groceries (40.00); Household Supplies (20.00)').
 */
function categoryCells(lines: readonly SplitLine[]): [string, string] {
  if (lines.length === 0) return ['', ''];
  if (lines.length === 1) return [lines[0]?.category ?? '', lines[0]?.subcategory ?? ''];
  const categories = [...new Set(lines.map((line) => line.category))].join('; ');
  const subcategories = lines.map((line) => `${line.subcategory} (${(line.amountCents / 100).toFixed(2)})`).join('; ');
  return [categories, subcategories];
}

/** Every transaction of the user as a spreadsheet-ready CSV (expenses negative); two queries. */
export async function transactionsCsv(deps: AppDeps, scope: BookScope): Promise<string> {
  const [transactions, splits] = await Promise.all([transactionsForCsv(deps.db, await feelingsOf(deps.db, scope)), splitsForCsv(deps.db, scope)]);
  const linesOf = new Map<number, SplitLine[]>();
  for (const split of splits) {
    const lines = linesOf.get(split.transaction_id) ?? [];
    lines.push({ category: split.category_name, subcategory: split.subcategory_name, amountCents: split.amount_cents });
    linesOf.set(split.transaction_id, lines);
  }
  const rows = transactions.map((t): CsvValue[] => {
    const signed = t.type === 'expense' ? -t.amount_cents : t.amount_cents;
    const [category, subcategory] = categoryCells(linesOf.get(t.id) ?? []);
    return [
      t.date,
      t.account_name,
      t.entity_name ?? t.description ?? '',
      capitalized(t.type),
      // A number cell: the formula guard is for text, and '-12.34' must stay a number.
      csvAmount(signed),
      category,
      subcategory,
      t.emotion ? (feelingLabel.get(t.emotion) ?? t.emotion) : '',
      t.purpose ? capitalized(t.purpose) : '',
      t.payment_method ? (methodLabel.get(t.payment_method) ?? t.payment_method) : '',
      t.notes ?? '',
      t.pending === 1 ? 'Yes' : 'No',
      t.transfer_id === null ? 'No' : 'Yes',
    ];
  });
  return csvDocument(CSV_HEADER, rows);
}
