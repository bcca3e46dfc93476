/** Kysely table types of statement imports (migrations 0005, 0011, 0014, 0041). */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A counter the database starts at 0. */
type Counter = ColumnType<number, number | undefined, number>;

export type ImportStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface ImportJobsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  /** The member who queued the job (migration 0028); null once their account is deleted. */
  created_by: number | null;
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
  /** Lines of the file that held no transaction (migration 0014). */
  rows_skipped: Counter;
  /** JSON `[{ line, reason }]`: the first skipped lines. */
  skipped: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the file held that Mindspend does not track, said plainly (investment statements). */
  notice: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the CSV's columns were not recognised and the person must map them. */
  needs_mapping: Counter;
  /** JSON array of the header cells of a CSV that needs mapping. */
  columns: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the column mapping the upload carried (its wire shape). */
  mapping: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the file's evidence disagrees and the person must answer `question` (migration 0041). */
  needs_confirmation: Counter;
  /** JSON of that question (api-contract importQuestionSchema). */
  question: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the answers the job goes on with (domain ImportAnswers). */
  answers: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of notes on how the file was read (rounded amounts, no transactions…). */
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array: a value of each column of a CSV that needs mapping, from its first data row. */
  column_samples: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 when that CSV has no header row: its columns are offered by position. */
  has_header: Counter;
}

/** An answer to an import question, remembered per account (migration 0041). */
export interface ImportAnswersTable {
  id: Generated<number>;
  book_id: number;
  account_id: number;
  /** 'sign' or 'date_order' (domain ImportQuestionKind). */
  question: string;
  answer: string;
  updated_at: string;
}

/** A CSV column mapping remembered per account and header (migration 0014). */
export interface ImportMappingsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  account_id: number;
  /** The header cells, normalized and joined: the same bank's next export has the same one. */
  header_signature: string;
  /** JSON of the mapping (wire shape). */
  mapping: string;
  updated_at: string;
}

export interface ImportTables {
  import_jobs: ImportJobsTable;
  import_mappings: ImportMappingsTable;
  import_answers: ImportAnswersTable;
}

export type ImportJobRow = Selectable<ImportJobsTable>;
