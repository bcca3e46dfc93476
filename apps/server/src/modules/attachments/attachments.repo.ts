/** Attachment rows (migration 0048; DECISIONS.md #107), always filtered by the request's book. */
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import type { AttachmentRow } from '../../db/attachment-schema';
import type { Database } from '../../db/schema';

type Scope = Pick<BookScope, 'bookId' | 'hiddenAccountIds'>;

/** The transaction's id when it is in the book and not in another member's private account. */
export async function visibleTransaction(
  db: Kysely<Database>,
  scope: Scope,
  transactionId: number,
): Promise<number | undefined> {
  let query = db
    .selectFrom('transactions')
    .select('id')
    .where('book_id', '=', scope.bookId)
    .where('id', '=', transactionId);
  if (scope.hiddenAccountIds.length > 0)
    query = query.where('account_id', 'not in', [...scope.hiddenAccountIds]);
  return (await query.executeTakeFirst())?.id;
}

/** One attachment of the book, unless its transaction is in another member's private account. */
export async function findAttachment(
  db: Kysely<Database>,
  scope: Scope,
  attachmentId: number,
): Promise<AttachmentRow | undefined> {
  let query = db
    .selectFrom('attachments')
    .innerJoin('transactions', 'transactions.id', 'attachments.transaction_id')
    .selectAll('attachments')
    .where('attachments.book_id', '=', scope.bookId)
    .where('attachments.id', '=', attachmentId);
  if (scope.hiddenAccountIds.length > 0)
    query = query.where('transactions.account_id', 'not in', [...scope.hiddenAccountIds]);
  return query.executeTakeFirst();
}

/** A transaction's attachments, oldest first. */
export function listAttachments(
  db: Kysely<Database>,
  bookId: number,
  transactionId: number,
): Promise<AttachmentRow[]> {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('transaction_id', '=', transactionId)
    .orderBy('id')
    .execute();
}

export async function countAttachments(
  db: Kysely<Database>,
  bookId: number,
  transactionId: number,
): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('book_id', '=', bookId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NewAttachment {
  storage_key: string;
  file_name: string;
  media_type: string;
  size_bytes: number;
}

export async function insertAttachments(
  db: Kysely<Database>,
  bookId: number,
  transactionId: number,
  files: NewAttachment[],
  now: string,
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('attachments')
    .values(
      files.map((file) => ({
        ...file,
        book_id: bookId,
        transaction_id: transactionId,
        thumbnail_key: null,
        created_at: now,
      })),
    )
    .execute();
}

/** Deletes the row; answers its keys, or undefined when it was already gone. */
export async function deleteAttachmentRow(
  db: Kysely<Database>,
  bookId: number,
  attachmentId: number,
): Promise<AttachmentRow | undefined> {
  return db
    .deleteFrom('attachments')
    .where('book_id', '=', bookId)
    .where('id', '=', attachmentId)
    .returningAll()
    .executeTakeFirst();
}

/** Notes that the thumbnail is stored; a row deleted meanwhile is left deleted. */
export async function markThumbnail(
  db: Kysely<Database>,
  bookId: number,
  attachmentId: number,
  thumbnailKey: string,
): Promise<void> {
  await db
    .updateTable('attachments')
    .set({ thumbnail_key: thumbnailKey })
    .where('book_id', '=', bookId)
    .where('id', '=', attachmentId)
    .execute();
}

/** Which of these file keys some row names (the sweep's question, asked a page at a time). */
export async function keysInUse(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('attachments')
    .select('storage_key')
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}
