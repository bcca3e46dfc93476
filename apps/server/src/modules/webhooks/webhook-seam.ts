/**
 * What a write needs of outbound webhooks (DECISIONS.md #94), as AppDeps carries it: to wake the
 * sender after queuing deliveries, and to read this month's budget statuses before and after
 * (for `budget.status_changed`). The budgets module computes statuses and itself reads
 * transactions, so the transactions module reaches it through this seam, wired in app.ts, and
 * not by importing it. This file imports nothing of the app, so deps.ts may name it.
 */
import type { BudgetStatus } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import type { Database } from '../../db/schema';

export interface BudgetStatusNow {
  name: string;
  status: BudgetStatus;
  year: number;
  month: number;
}

export interface WebhookSeam {
  /** Something may be due now: send soon. */
  kick(): void;
  /** Each budget of the person's current month, by id, with its status, read through `db` (a write's transaction). */
  budgetStatuses(scope: BookScope, db: Kysely<Database>): Promise<Map<number, BudgetStatusNow>>;
}
