// The budgets of the transferred-bytes check (scripts/web/route-transfer-check.ts, issue 29,
// DECISIONS.md #110) and its verdict, apart from the browser that measures them so the verdict can
// be tested on its own. A route's bytes are what Chromium counts for every response of its cold
// load (`Network.loadingFinished.encodedDataLength`: headers and the compressed body), the API
// answers included; KB = 1000 bytes.

export interface TransferBudget {
  name: string;
  /** Path to open; `{account}`, `{m}` and `{y}` are filled in with the signed-in user's account and this month. */
  path: string;
  signedIn: boolean;
  budgetBytes: number;
  /**
   * The page is usable when each of these is visible and the load event has fired: what a person
   * came for can be read and acted on (the heading and the call to action, the sign-in form).
   */
  usable: string[];
  /** Requests allowed before the page is usable; none when unset. */
  maxRequestsBeforeUsable?: number;
}

export const TRANSFER_BUDGETS: TransferBudget[] = [
  {
    name: 'landing',
    path: '/',
    signedIn: false,
    budgetBytes: 150_000,
    usable: ['h1', 'a[href="/signup"]'],
    maxRequestsBeforeUsable: 15,
  },
  {
    name: 'login',
    path: '/login',
    signedIn: false,
    budgetBytes: 170_000,
    usable: ['input[type="email"]', 'input[type="password"]', 'button[type="submit"]'],
  },
  {
    name: 'ledger month',
    path: '/ledger/accounts/{account}/month/{m}/year/{y}',
    signedIn: true,
    budgetBytes: 300_000,
    usable: ['[data-testid="account-summary"]'],
  },
];

export interface RouteTransfer {
  budget: TransferBudget;
  /** Every response of the load, headers included, as Chromium counted it. */
  bytes: number;
  requests: number;
  /** Of them, the requests sent before the page was usable. */
  requestsBeforeUsable: number;
  /** Milliseconds from navigation to usable (not judged: the machine's load moves it). */
  usableMs: number;
  /** Bytes of response headers alone, summed (what a header trimmed from assets saves). */
  headerBytes: number;
}

/** Why each route fails its budget; empty when all fit. */
export function overBudget(rows: readonly RouteTransfer[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const { budget } = row;
    if (row.bytes > budget.budgetBytes) problems.push(`${budget.name} ${kb(row.bytes)} > ${kb(budget.budgetBytes)}`);
    const cap = budget.maxRequestsBeforeUsable;
    if (cap !== undefined && row.requestsBeforeUsable > cap) {
      problems.push(`${budget.name} made ${row.requestsBeforeUsable} requests before it was usable (at most ${cap})`);
    }
  }
  return problems;
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function transferTable(rows: readonly RouteTransfer[]): string {
  const lines = [
    '| route | transferred (headers included) | of it, headers | requests | before usable | usable after | budget |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const { budget } = row;
    const cap = budget.maxRequestsBeforeUsable === undefined ? '' : ` (≤ ${budget.maxRequestsBeforeUsable})`;
    const verdict = `${row.bytes <= budget.budgetBytes ? '≤' : 'OVER'} ${kb(budget.budgetBytes)}`;
    lines.push(
      `| ${budget.name} \`${budget.path}\` | ${kb(row.bytes)} | ${kb(row.headerBytes)} | ${row.requests} | ${row.requestsBeforeUsable}${cap} | ${Math.round(row.usableMs)} ms | ${verdict} |`,
    );
  }
  return lines.join('\n');
}
