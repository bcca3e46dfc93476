/** Kysely table types of budgets (migration 0004). */
import type { Generated, Selectable } from 'kysely';

export interface BudgetsTable {
  id: Generated<number>;
  user_id: number;
  subcategory_id: number;
  display_name: string;
  emoji: string;
  website: string | null;
  due_in_full: number;
  /** Per occurrence (DECISIONS.md #14). */
  amount_cents: number;
  is_recurring: number;
  repeat_frequency: 'day' | 'month' | 'year';
  repeat_interval: number;
  repeat_start: string;
  start_day: number | null;
  ending: 'never' | 'end_after' | 'end_by';
  repeat_num_occurrences: number | null;
  repeat_end: string | null;
  /** `YYYY-MM`: the budget applies to months before this one only. */
  ends_before_month: string | null;
  created_at: string;
  updated_at: string;
}

export interface BudgetMonthsTable {
  id: Generated<number>;
  user_id: number;
  budget_id: number;
  year: number;
  month: number;
  amount_cents: number | null;
  ignore: number;
  has_been_paid: number;
}

export interface BudgetTables {
  budgets: BudgetsTable;
  budget_months: BudgetMonthsTable;
}

export type BudgetRow = Selectable<BudgetsTable>;
export type BudgetMonthRowDb = Selectable<BudgetMonthsTable>;
