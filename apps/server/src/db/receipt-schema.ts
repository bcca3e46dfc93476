/** Kysely table type of receipts being read (migration 0049; docs/DECISIONS.md #108). */
import type { Generated, Selectable } from 'kysely';

export interface ReceiptReadsTable {
  id: Generated<number>;
  book_id: number;
  /** The member who photographed it: a read is theirs to ask about, in the book it was sent in. */
  user_id: number;
  /** 'reading' | 'done' | 'failed' */
  status: string;
  amount_cents: number | null;
  /** YYYY-MM-DD when the receipt says one day; null when none, or when ambiguous. */
  date: string | null;
  /** The days the printed date could mean, comma-separated ('' when none was read). */
  date_candidates: Generated<string>;
  merchant: string | null;
  /** Why a failed read failed, in words for the person. */
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface ReceiptTables {
  receipt_reads: ReceiptReadsTable;
}

export type ReceiptReadRow = Selectable<ReceiptReadsTable>;
