/**
 * YNAB's budget file from "Export budget data" (the second CSV beside the register):
 *   "Month","Category Group/Category","Category Group","Category","Budgeted","Activity","Available"
 * Each row with a non-zero "Budgeted" becomes an AppBudget; "Activity" and "Available" follow from
 * the transactions in Mindspend, so they are only read to decide the file's decimal mark. Also
 * the category cells of the register, which use the same three columns.
 */
import { ImportError } from '../import-error';
import type { AppBudget, AppCategory } from './app-export';
import { decimalMarkOf, parseAppAmount } from './app-amounts';
import { readAppTable, type AppTable, type AppTableRow } from './reader-support';

const BUDGET = 'a YNAB budget export';

/** YNAB's income pseudo-category (named "To be Budgeted" before 2021): income with no category. */
const READY_TO_ASSIGN = /^(ready to assign|to be budgeted)$/i;

/** The category columns every YNAB export has one of: the separate pair, or the older joined one. */
export function requireYnabCategoryColumns(table: AppTable, what: string): void {
  if (!table.has('Category') && !table.has('Category Group/Category')) {
    throw new ImportError(1, `This is not ${what}: it has no "Category" column.`, { wholeFile: true });
  }
}

/**
 * A row's category with its group; null for no category and for "Inflow: Ready to Assign".
 * Files with only "Category Group/Category" hold "Group: Category" there.
 */
export function ynabCategory(table: AppTable, row: AppTableRow): AppCategory | null {
  let group = row.cell('Category Group');
  let name = row.cell('Category');
  if (!table.has('Category')) {
    const joined = row.cell('Category Group/Category');
    const at = joined.indexOf(': ');
    group = at === -1 ? '' : joined.slice(0, at);
    name = at === -1 ? joined : joined.slice(at + 2);
  }
  if (name === '') return null;
  if (READY_TO_ASSIGN.test(name) && (group === '' || /^inflow$/i.test(group))) return null;
  if (/^inflow:\s*/i.test(name) && READY_TO_ASSIGN.test(name.replace(/^inflow:\s*/i, ''))) return null;
  return { group: group === '' ? null : group, name };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "Jan 2024", "January 2024", "Jan-24", "2024-01", "01/2024" → "2024-01". */
export function parseBudgetMonth(cell: string, line: number): string {
  const pad = (month: number) => String(month).padStart(2, '0');
  const iso = /^(\d{4})[-/.](\d{1,2})(?:[-/.]\d{1,2})?$/.exec(cell);
  if (iso && Number(iso[2]) >= 1 && Number(iso[2]) <= 12) return `${iso[1]}-${pad(Number(iso[2]))}`;
  const numeric = /^(\d{1,2})[-/.](\d{4})$/.exec(cell);
  if (numeric && Number(numeric[1]) >= 1 && Number(numeric[1]) <= 12)
    return `${numeric[2]}-${pad(Number(numeric[1]))}`;
  const named = /^(\p{L}{3,})\.?[\s\-/]+(\d{4}|\d{2})$/u.exec(cell);
  if (named) {
    const month = MONTHS.indexOf((named[1] ?? '').slice(0, 3).toLowerCase()) + 1;
    const yearText = named[2] ?? '';
    // YNAB's two-digit years ("Jan-24") are this century: budgets did not exist before it.
    const year = yearText.length === 2 ? `20${yearText}` : yearText;
    if (month > 0) return `${year}-${pad(month)}`;
  }
  throw new ImportError(line, `"${cell}" is not a month (expected like "Jan 2024" or "2024-01").`);
}

/** The budget file's planned amounts: one AppBudget for each category and month with money budgeted. */
export function readYnabBudget(text: string): AppBudget[] {
  const table = readAppTable(text, BUDGET, ['Budgeted', 'Month']);
  requireYnabCategoryColumns(table, BUDGET);
  const amountCells = table.rows.flatMap((row) =>
    ['Budgeted', 'Activity', 'Available'].map((column) => ({ cell: row.cell(column), line: row.line })),
  );
  const mark = decimalMarkOf(amountCells);
  const budgets: AppBudget[] = [];
  for (const row of table.rows) {
    const month = parseBudgetMonth(row.cell('Month'), row.line);
    const amountCents = parseAppAmount(row.cell('Budgeted'), row.line, mark) ?? 0;
    const category = ynabCategory(table, row);
    // Ready to Assign is not a category, and a month with nothing budgeted plans nothing.
    if (category === null || amountCents === 0) continue;
    budgets.push({ category, month, amountCents });
  }
  return budgets;
}
