/** Kysely types of attachments (migration 0048; docs/DECISIONS.md #107). */
import type { Generated, Selectable } from 'kysely';

/** A file on a transaction: a receipt photo or a PDF document. */
export interface AttachmentsTable {
  id: Generated<number>;
  book_id: number;
  transaction_id: number;
  /** Where the bytes are in the attachment store: random, never derived from the file's name. */
  storage_key: string;
  /** The stored thumbnail's key, once one was made; null until the first request for it. */
  thumbnail_key: string | null;
  /** The name the person gave the file, cleaned for showing and for Content-Disposition. */
  file_name: string;
  /** Decided from the bytes: image/jpeg, image/png, image/webp, image/heic or application/pdf. */
  media_type: string;
  size_bytes: number;
  created_at: string;
}

export interface AttachmentTables {
  attachments: AttachmentsTable;
}

export type AttachmentRow = Selectable<AttachmentsTable>;
