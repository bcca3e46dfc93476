/** Kysely table types of what people say about the subscriptions found (migration 0044; docs/DECISIONS.md #100). */
import type { Generated, Selectable } from 'kysely';

export interface SubscriptionChoicesTable {
  id: Generated<number>;
  book_id: number;
  /** The series' first charge's transaction id. */
  series_id: number;
  /** The book's name for it; null: the payee's. */
  name: string | null;
  /** 'detected' | 'confirmed' | 'dismissed'. */
  state: string;
  updated_at: string;
}

export interface SubscriptionReviewsTable {
  id: Generated<number>;
  book_id: number;
  user_id: number;
  series_id: number;
  /** 1: still worth it; 0: not. */
  still_worth_it: number;
  note: string | null;
  /** The subscription's amount when answered. */
  amount_cents: number;
  created_at: string;
}

export interface DetectedSubscriptionTables {
  subscription_choices: SubscriptionChoicesTable;
  subscription_reviews: SubscriptionReviewsTable;
}

export type SubscriptionChoiceRow = Selectable<SubscriptionChoicesTable>;
export type SubscriptionReviewRow = Selectable<SubscriptionReviewsTable>;
