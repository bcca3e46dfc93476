/** The CSV files of the reports page: the table under each chart, one line per figure, amounts as numbers. */
import { type CsvValue, csvAmount, csvDocument } from '../export/csv-writer';
import type { Cents } from '../money';

export function netWorthCsv(rows: ReadonlyArray<{ month: string; assetsCents: Cents; liabilitiesCents: Cents; netWorthCents: Cents }>): string {
  return csvDocument(
    ['Month', 'Assets', 'Liabilities', 'Net worth'],
    rows.map((row): CsvValue[] => [row.month, csvAmount(row.assetsCents), csvAmount(row.liabilitiesCents), csvAmount(row.netWorthCents)]),
  );
}

export function cashFlowCsv(rows: ReadonlyArray<{ month: string; incomeCents: Cents; expensesCents: Cents; netCents: Cents }>): string {
  return csvDocument(
    ['Month', 'Income', 'Expenses', 'Net'],
    rows.map((row): CsvValue[] => [row.month, csvAmount(row.incomeCents), csvAmount(row.expensesCents), csvAmount(row.netCents)]),
  );
}

/** Spending in long form (month, group, amount): every group, none put together, so a spreadsheet can pivot it. */
export function spendingCsv(groupHeading: string, rows: ReadonlyArray<{ month: string; group: string; amountCents: Cents }>): string {
  return csvDocument(
    ['Month', groupHeading, 'Amount'],
    rows.map((row): CsvValue[] => [row.month, row.group, csvAmount(row.amountCents)]),
  );
}

/** `mindspend-net-worth-2025-12-to-2026-11.csv` */
export function reportFileName(report: string, from: string, to: string): string {
  return `mindspend-${report}-${from}-to-${to}.csv`;
}
