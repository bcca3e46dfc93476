/** Kysely table types of statement imports (migration 0005). */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A counter the database starts at 0. */
type Counter = ColumnType<number, number | undefined, number>;

export type ImportStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface ImportJobsTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  file_name: string;
  /** The uploaded file's text, kept until the job is done so a restarted server can redo it. */
  content: string;
  status: ImportStatus;
  progress: Counter;
  rows_read: Counter;
  rows_imported: Counter;
  duplicates_skipped: Counter;
  categorized: Counter;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: Counter;
  created_at: string;
  started_at: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Last sign of life of the process working on the job: its lease (migration 0011). */
  heartbeat_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ImportTables {
  import_jobs: ImportJobsTable;
}

export type ImportJobRow = Selectable<ImportJobsTable>;
