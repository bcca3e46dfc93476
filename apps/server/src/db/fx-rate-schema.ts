/** Kysely types of a book's base currency's exchange rates and of job leases (migration 0038, DECISIONS.md #87). */
import type { Selectable } from 'kysely';

/** The ECB's euro reference figure of one currency on one day, shared by every book. */
export interface FxEcbRatesTable {
  currency: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Units of the currency per euro, as the ECB wrote it (`'162.35'`): decimal text, never a float. */
  per_eur: string;
  fetched_at: string;
}

/** A member's own rate of a currency on a day: units of `base_currency` per unit of `currency`. */
export interface FxManualRatesTable {
  book_id: number;
  /** The book's base currency when the rate was entered; only rates of the current base count. */
  base_currency: string;
  currency: string;
  date: string;
  /** Decimal text as canonicalRate writes it. */
  rate: string;
  updated_by: number | null;
  updated_at: string;
}

/** Which process runs a scheduled job, until when (db/job-leases.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  /** ISO-8601 UTC: until then no other process starts the job. */
  leased_until: string;
}

export interface FxRateTables {
  fx_ecb_rates: FxEcbRatesTable;
  fx_manual_rates: FxManualRatesTable;
  job_leases: JobLeasesTable;
}

export type FxManualRateRow = Selectable<FxManualRatesTable>;
