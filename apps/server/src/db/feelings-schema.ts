/** Kysely table types of purpose targets and month reflections (migration 0016), reflection e-mails (0023). */
import type { Generated } from 'kysely';

export interface PurposeTargetsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  /** The member whose targets these are (migration 0032). */
  user_id: number;
  /** Whole percents of the month's expense spending; the four add up to 100. */
  survival: number;
  optional: number;
  culture: number;
  unexpected: number;
  updated_at: string;
}

export interface MonthReflectionsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  /** The member who wrote it (migration 0032). */
  user_id: number;
  year: number;
  month: number;
  went_well: string;
  change_next: string;
  updated_at: string;
}

/** A month's reflection e-mail, queued (migration 0023, docs/DECISIONS.md #59): one row per user and month. */
export interface ReflectionEmailsTable {
  id: Generated<number>;
  user_id: number;
  year: number;
  month: number;
  outbox_id: number | null;
  created_at: string;
}

export interface FeelingsTables {
  purpose_targets: PurposeTargetsTable;
  month_reflections: MonthReflectionsTable;
  reflection_emails: ReflectionEmailsTable;
}
