/** Kysely table type of the pause list (migration 0043; docs/DECISIONS.md #99). */
import type { Generated, Selectable } from 'kysely';

export interface PausesTable {
  id: Generated<number>;
  book_id: number;
  /** The member who paused the purchase: pauses are one person's. */
  user_id: number;
  /** The book's payee, when one was chosen. */
  entity_id: number | null;
  /** The payee's name as written (a chosen payee's name, or the text typed). */
  payee: string;
  subcategory_id: number | null;
  amount_cents: number;
  payment_method: string | null;
  note: string | null;
  /** The forecast given when paused, JSON of the contract's `pauseForecastSchema`. */
  forecast: string;
  cooling_off_days: number;
  created_at: string;
  /** When the cooling-off ends, ISO-8601 UTC. */
  remind_at: string;
  reminded_at: string | null;
  /** 'skipped' | 'bought'; null while undecided. */
  decision: string | null;
  decided_at: string | null;
  /** The purchase a pause bought became. */
  transaction_id: number | null;
}

export interface PauseTables {
  pauses: PausesTable;
}

export type PauseRow = Selectable<PausesTable>;
