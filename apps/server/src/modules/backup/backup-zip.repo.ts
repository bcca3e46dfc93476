/** Attachment rows of a backup zip (DECISIONS.md #113): read for the export, written by the restore. */
import type { Kysely } from 'kysely';
import { type BookRows, hidingPrivate } from '../../db/private-accounts';
import type { Database } from '../../db/schema';

/** The book's attachments the reader may see (not those of another member's private account), oldest first. */
export function attachmentsForBackup(db: Kysely<Database>, book: BookRows) {
  return db
    .selectFrom('attachments as f')
    .innerJoin('transactions as t', 't.id', 'f.transaction_id')
    .select(['f.id', 'f.transaction_id', 'f.storage_key', 'f.file_name', 'f.media_type', 'f.size_bytes', 'f.created_at'])
    .where('f.book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 't.account_id'))
    .orderBy('f.id')
    .execute();
}

export interface RestoredAttachmentRow {
  transaction_id: number;
  storage_key: string;
  file_name: string;
  media_type: string;
  size_bytes: number;
  created_at: string;
}

/** Inserts the restored rows (thumbnails are made again on first request), a thousand at a time. */
export async function insertRestoredAttachments(db: Kysely<Database>, bookId: number, rows: readonly RestoredAttachmentRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000).map((row) => ({ ...row, book_id: bookId, thumbnail_key: null }));
    await db.insertInto('attachments').values(chunk).execute();
  }
}
