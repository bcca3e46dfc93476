/**
 * GET /reports/net-worth, /reports/cash-flow and /reports/spending: figures month by month over a
 * range of months (docs/DECISIONS.md #53). Amounts in dollars, like the rest of the API.
 */
import { SPENDING_GROUPS, parseReportMonth, reportRangeProblem } from '@mindspend/domain';
import { z } from 'zod';

const MONTH_RULE = 'The month must be written YYYY-MM, e.g. 2026-11.';
// A refinement rather than `.regex`: its message reaches the person as written (validation-messages.ts).
const yearMonth = z.string().refine((value) => /^(19\d\d|2[01]\d\d|2200)-(0[1-9]|1[0-2])$/.test(value), MONTH_RULE);

const range = {
  from: yearMonth.optional(),
  to: yearMonth.optional(),
};

/** Both ends or neither (the 12 months ending with the user's current month); from ≤ to; at most 120 months. */
function checkRange(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if ((query.from === undefined) !== (query.to === undefined)) {
    ctx.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: 'Send both from and to, or neither.' });
    return;
  }
  const from = query.from === undefined ? null : parseReportMonth(query.from);
  const to = query.to === undefined ? null : parseReportMonth(query.to);
  if (!from || !to) return;
  const problem = reportRangeProblem(from, to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
}

/** `from` and `to`: months `YYYY-MM`, both included. */
export const reportRangeQuery = z.object(range).superRefine(checkRange);
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

export const spendingReportQuery = z
  .object({
    ...range,
    group: z.enum(SPENDING_GROUPS),
  })
  .superRefine(checkRange);
export type SpendingReportQuery = z.infer<typeof spendingReportQuery>;

const month = z.string().describe('YYYY-MM');

/**
 * Every month of the range; balances at the month's end, credit cards as liabilities. An account
 * counts from the month of its first balance on (DECISIONS.md #82); `accounts_counted` says how
 * many did in that month, 0 before the first.
 */
export const netWorthReportResponse = z.array(
  z.object({ month, accounts_counted: z.number().int(), assets: z.number(), liabilities: z.number(), net_worth: z.number() }),
);
export type NetWorthReport = z.infer<typeof netWorthReportResponse>;

/** Every month of the range; transfers between the user's accounts left out. */
export const cashFlowReportResponse = z.array(z.object({ month, income: z.number(), expenses: z.number(), net: z.number() }));
export type CashFlowReport = z.infer<typeof cashFlowReportResponse>;

/** Only the months and groups with spending, by month then largest first; transfers left out. */
export const spendingReportResponse = z.array(z.object({ month, group: z.string(), amount: z.number() }));
export type SpendingReport = z.infer<typeof spendingReportResponse>;
