// The report routes the ledger stage of `npm run bench` measures (scripts/bench/load/ledger-load.ts),
// each over the same 12 months as insights on the 200,000-transaction data set.

export interface ReportRoute {
  name: string;
  /** The route for a range of `YYYY-MM` months. */
  path: (from: string, to: string) => string;
}

export const REPORT_ROUTES: readonly ReportRoute[] = [
  { name: 'net worth report', path: (from, to) => `/api/reports/net-worth?from=${from}&to=${to}` },
  { name: 'cash flow report', path: (from, to) => `/api/reports/cash-flow?from=${from}&to=${to}` },
  { name: 'spending by category report', path: (from, to) => `/api/reports/spending?from=${from}&to=${to}&group=category` },
];

/** Issue 15: each report's first answer after a change, on SQLite. */
export const REPORT_GOALS = { afterChangeMs: 150 };
