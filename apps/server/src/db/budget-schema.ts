/** Kysely table types of budgets (migrations 0004 and 0021). */
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface BudgetsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
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
  /** Cap on a month's regretted spending (migration 0021, docs/DECISIONS.md #56); null is none. */
  regret_cap_cents: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export interface BudgetMonthsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  budget_id: number;
  year: number;
  month: number;
  amount_cents: number | null;
  ignore: number;
  has_been_paid: number;
}

/** Rollover turned on or off from a month on (migration 0021, docs/DECISIONS.md #55). */
export interface BudgetRolloverChangesTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  budget_id: number;
  /** `YYYY-MM`. */
  from_month: string;
  enabled: number;
  created_at: string;
}

/** A budget's month whose regret cap was passed and notified (docs/DECISIONS.md #56). */
export interface BudgetRegretAlertsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  budget_id: number;
  /** `YYYY-MM`. */
  month: string;
  created_at: string;
}

export interface BudgetTables {
  budgets: BudgetsTable;
  budget_months: BudgetMonthsTable;
  budget_rollover_changes: BudgetRolloverChangesTable;
  budget_regret_alerts: BudgetRegretAlertsTable;
}

export type BudgetRow = Selectable<BudgetsTable>;
export type BudgetMonthRowDb = Selectable<BudgetMonthsTable>;
