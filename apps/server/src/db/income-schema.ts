/** Kysely table types of income sources and goals (migration 0006). */
import type { Generated, Selectable } from 'kysely';
import type { IncomeRecurrence } from '@mindspend/domain';

export interface IncomeSourcesTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  account_id: number;
  entity_id: number;
  /** Per payment. */
  amount_cents: number;
  start_date: string;
  recurrence: IncomeRecurrence;
  /** Only for `every_x_days`. */
  x_days: number | null;
  created_at: string;
  updated_at: string;
}

export interface GoalsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  name: string;
  target_cents: number;
  target_date: string;
  /** Entered by hand; used when no account is tracked. */
  saved_cents: number;
  account_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface IncomeTables {
  income_sources: IncomeSourcesTable;
  goals: GoalsTable;
}

export type IncomeSourceRow = Selectable<IncomeSourcesTable>;
export type GoalRow = Selectable<GoalsTable>;
