/**
 * Attachments on a book's transactions (issue 33; DECISIONS.md #107). Every read and write starts
 * from the request's book scope: an id of another book's transaction or attachment is 404.
 *
 * Writing is file first, row second: the files are checked, re-encoded and written under new
 * random keys, then one write under the book's lock inserts their rows. A failed write removes
 * the files it wrote; a crash between the two leaves files no row names, which the sweep
 * (sweep.ts) removes after an hour. So no row ever names a missing file.
 */
import {
  ATTACHMENT_MESSAGES,
  type Attachment,
  type AttachmentMediaType,
  MAX_ATTACHMENTS_PER_TRANSACTION,
} from '@mindspend/api-contract';
import { type BookScope, memberRole, writeInBook, READ_ONLY_BOOK_MESSAGE } from '../../db/book-scope';
import type { AttachmentRow } from '../../db/attachment-schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-errors';
import type { AttachmentStore } from './attachment-store';
import {
  countAttachments,
  deleteAttachmentRow,
  findAttachment,
  insertAttachments,
  listAttachments,
  markThumbnail,
  visibleTransaction,
} from './attachments.repo';
import { type InspectedFile, inspectFile } from './file-inspection';
import { safeFileName } from './safe-file-name';
import { newFileKey, thumbnailKeyOf } from './storage-keys';
import { makeThumbnail } from './thumbnails';

export type AttachmentDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock'> & { store: AttachmentStore };

/** A file as the multipart part gave it: the browser's name, never trusted, and the bytes. */
export interface UploadedAttachment {
  fileName: string | undefined;
  bytes: Buffer;
}

/** A file to serve: the stored bytes with what the headers need. */
export interface ServedFile {
  bytes: Buffer;
  mediaType: string;
  fileName: string;
}

function present(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    transaction_id: row.transaction_id,
    file_name: row.file_name,
    media_type: row.media_type as AttachmentMediaType,
    size_bytes: row.size_bytes,
    created_at: row.created_at,
  };
}

/**
 * 404 for a transaction the person cannot see, 403 for a viewer: asked before the body is read,
 * so a refused upload reads and stores nothing.
 */
export async function checkCanAttach(
  deps: AttachmentDeps,
  scope: BookScope,
  transactionId: number,
): Promise<void> {
  if ((await visibleTransaction(deps.db, scope, transactionId)) === undefined) throw notFound('Transaction');
  const role = await memberRole(deps.db, scope);
  if (role !== 'owner' && role !== 'editor') throw new HttpError(403, READ_ONLY_BOOK_MESSAGE);
}

export async function transactionAttachments(
  deps: AttachmentDeps,
  scope: BookScope,
  transactionId: number,
): Promise<{ attachments: Attachment[] }> {
  if ((await visibleTransaction(deps.db, scope, transactionId)) === undefined) throw notFound('Transaction');
  return { attachments: (await listAttachments(deps.db, scope.bookId, transactionId)).map(present) };
}

/** Checks every file, stores them, then writes their rows; all of them land, or none. */
export async function addAttachments(
  deps: AttachmentDeps,
  scope: BookScope,
  transactionId: number,
  uploads: UploadedAttachment[],
): Promise<{ attachments: Attachment[] }> {
  if (uploads.length === 0) throw new HttpError(422, ATTACHMENT_MESSAGES.fileRequired);
  const files: (InspectedFile & { fileName: string; key: string })[] = [];
  for (const upload of uploads) {
    const inspected = await inspectFile(upload.bytes);
    files.push({
      ...inspected,
      fileName: safeFileName(upload.fileName, inspected.mediaType),
      key: newFileKey(),
    });
  }
  const written: string[] = [];
  try {
    for (const file of files) {
      await deps.store.put(file.key, file.bytes, file.mediaType);
      written.push(file.key);
    }
    await writeInBook(deps, scope, async (trx) => {
      if ((await visibleTransaction(trx, scope, transactionId)) === undefined) throw notFound('Transaction');
      const count = await countAttachments(trx, scope.bookId, transactionId);
      if (count + files.length > MAX_ATTACHMENTS_PER_TRANSACTION)
        throw new HttpError(422, ATTACHMENT_MESSAGES.tooMany);
      const rows = files.map((file) => ({
        storage_key: file.key,
        file_name: file.fileName,
        media_type: file.mediaType,
        size_bytes: file.bytes.length,
      }));
      await insertAttachments(trx, scope.bookId, transactionId, rows, isoNow(deps.clock));
    });
  } catch (error) {
    // No row names these files: remove them now rather than waiting for the sweep.
    await Promise.allSettled(written.map((key) => deps.store.delete(key)));
    throw error;
  }
  return transactionAttachments(deps, scope, transactionId);
}

/** The attachment's file; 404 when it, or its file, is gone (a delete that won a race). */
export async function attachmentFile(
  deps: AttachmentDeps,
  scope: BookScope,
  attachmentId: number,
): Promise<ServedFile> {
  const row = await findAttachment(deps.db, scope, attachmentId);
  if (!row) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
  const bytes = await deps.store.get(row.storage_key);
  if (!bytes) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
  return { bytes, mediaType: row.media_type, fileName: row.file_name };
}

/** The thumbnail, made and stored on first request, read from the store after. */
export async function attachmentThumbnail(
  deps: AttachmentDeps,
  scope: BookScope,
  attachmentId: number,
): Promise<ServedFile> {
  const row = await findAttachment(deps.db, scope, attachmentId);
  if (!row) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
  const thumbnailName = `${row.file_name.replace(/\.[^.]*$/, '')}-thumbnail.jpg`;
  if (row.thumbnail_key) {
    const stored = await deps.store.get(row.thumbnail_key);
    if (stored) return { bytes: stored, mediaType: 'image/jpeg', fileName: thumbnailName };
  }
  const source = await deps.store.get(row.storage_key);
  if (!source) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
  const thumbnail = await makeThumbnail(source, row.media_type);
  // Two first requests at once both make it and write the same key: the same bytes, harmlessly.
  const key = thumbnailKeyOf(row.storage_key);
  await deps.store.put(key, thumbnail, 'image/jpeg');
  await markThumbnail(deps.db, scope.bookId, row.id, key);
  return { bytes: thumbnail, mediaType: 'image/jpeg', fileName: thumbnailName };
}

/** Removes the row under the book's lock, then its file and thumbnail. */
export async function removeAttachment(
  deps: AttachmentDeps,
  scope: BookScope,
  attachmentId: number,
): Promise<void> {
  const removed = await writeInBook(deps, scope, async (trx) => {
    const row = await findAttachment(trx, scope, attachmentId);
    if (!row) throw new HttpError(404, ATTACHMENT_MESSAGES.notFound);
    return deleteAttachmentRow(trx, scope.bookId, row.id);
  });
  if (!removed) return;
  // Should a delete fail here, the row is already gone: the sweep removes what is left.
  await Promise.allSettled([
    deps.store.delete(removed.storage_key),
    deps.store.delete(thumbnailKeyOf(removed.storage_key)),
  ]);
}
