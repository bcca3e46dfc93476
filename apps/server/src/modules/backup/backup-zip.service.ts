/**
 * The backup zip (GET /export/backup.zip; DECISIONS.md #113): `backup.json` first, naming each
 * attached file by its entry, then every file under `attachments/<attachment id>/<file name>`.
 * The zip is streamed: each file is read from the store only when its turn comes, so one file at
 * a time is in memory, never the whole zip.
 */
import { Readable } from 'node:stream';
import { BACKUP_ZIP_JSON_ENTRY, type Backup } from '@mindspend/api-contract';
import type { BookScope } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { newZipFile } from '../../lib/zip-writer';
import type { AttachmentStore } from '../attachments';
import { backupFile } from './backup-file.service';
import { attachmentsForBackup } from './backup-zip.repo';

export type BackupZipDeps = AppDeps & { store: AttachmentStore };

/** The entry of an attached file: its id keeps names unique, its cleaned name keeps it readable. */
export function attachmentEntry(id: number, fileName: string): string {
  // Upload names are cleaned already (attachments/safe-file-name.ts); this is for any older row.
  const name = fileName.replace(/[/\\]/g, '_').replace(/^\.+/, '') || 'file';
  return `attachments/${id}/${name}`;
}

/** Answers the file's bytes as a stream, or an error when the file is gone (a delete that won a race). */
function storedFile(store: AttachmentStore, key: string) {
  return (callback: (error: Error | null, stream: NodeJS.ReadableStream) => void) => {
    store.get(key).then(
      (bytes) => (bytes ? callback(null, Readable.from([bytes], { objectMode: false })) : callback(new Error(`attachment file ${key} is missing`), Readable.from([]))),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
    );
  };
}

/** The book's backup zip as a stream; a file that cannot be read ends the stream with an error (the download fails, it is never silently short). */
export async function backupZip(deps: BackupZipDeps, scope: BookScope): Promise<Readable> {
  const [file, rows] = await Promise.all([backupFile(deps, scope), attachmentsForBackup(deps.db, scope)]);
  const attachments: NonNullable<Backup['attachments']> = rows.map((row) => ({
    id: row.id,
    transaction_id: row.transaction_id,
    file_name: row.file_name,
    media_type: row.media_type as NonNullable<Backup['attachments']>[number]['media_type'],
    size_bytes: row.size_bytes,
    created_at: row.created_at,
    entry: attachmentEntry(row.id, row.file_name),
  }));
  const { zip, output } = await newZipFile();
  // Every entry is dated by the server's clock at the export, not by the moment yazl writes it:
  // one backup's entries carry one time, and the same book exported at one moment is the same zip.
  const mtime = deps.clock.now();
  zip.addBuffer(Buffer.from(JSON.stringify({ ...file, attachments })), BACKUP_ZIP_JSON_ENTRY, { mtime });
  rows.forEach((row, index) => {
    // Photos and PDFs are compressed already: stored as they are, the zip costs no CPU for them.
    zip.addReadStreamLazy(attachments[index]?.entry ?? attachmentEntry(row.id, row.file_name), { compress: false, size: row.size_bytes, mtime }, storedFile(deps.store, row.storage_key));
  });
  zip.end();
  return output;
}
