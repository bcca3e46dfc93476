/**
 * Restores a backup zip (POST /import-backup/zip; DECISIONS.md #113): the zip is checked and its
 * backup.json validated whole before anything is written; then its files go to the store under
 * new keys, then every row in one transaction (restore.service.ts), as an upload writes file
 * first and row second. A refused or failed restore removes the files it wrote; should the
 * process die between the two, the sweep removes files no row names.
 */
import { BACKUP_NOT_EMPTY, BACKUP_ZIP_JSON_ENTRY, BACKUP_ZIP_MAX_BYTES, BACKUP_ZIP_MAX_ENTRIES, BACKUP_ZIP_MESSAGES, BACKUP_MAX_BYTES, type ImportBackupResponse } from '@mindspend/api-contract';
import type { BookScope } from '../../db/book-scope';
import { HttpError, validationFailed } from '../../lib/http-errors';
import { type AttachmentStore, isStoredFileOf, newFileKey } from '../attachments';
import type { AppDeps } from '../../deps';
import { ownsNothing } from './restore.repo';
import { type RestoredFile, checkedBackup, restoreBackup } from './restore.service';
import { BackupZipReader } from './zip-reader';

export type RestoreZipDeps = AppDeps & { store: AttachmentStore; attachmentMaxBytes: number };

const refused = (message: string) => validationFailed({ backup: [message] });

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw refused('The backup file is not valid: its backup.json is not JSON.');
  }
}

/** Restores the zip at `zipPath` into the empty book, files and rows, all or nothing. */
export async function importBackupZip(deps: RestoreZipDeps, scope: BookScope, zipPath: string): Promise<ImportBackupResponse> {
  const zip = await BackupZipReader.open(zipPath, {
    totalBytes: BACKUP_ZIP_MAX_BYTES,
    entries: BACKUP_ZIP_MAX_ENTRIES,
    jsonBytes: BACKUP_MAX_BYTES,
    fileBytes: deps.attachmentMaxBytes,
  });
  const written: string[] = [];
  try {
    if (!zip.entries.has(BACKUP_ZIP_JSON_ENTRY)) throw refused(BACKUP_ZIP_MESSAGES.noBackupJson);
    const backup = await checkedBackup(deps, parseJson(await zip.read(BACKUP_ZIP_JSON_ENTRY)));
    const attachments = backup.attachments ?? [];
    const named = new Set(attachments.map((a) => a.entry));
    for (const name of zip.entries.keys()) if (name !== BACKUP_ZIP_JSON_ENTRY && !named.has(name)) throw refused(BACKUP_ZIP_MESSAGES.strayEntry);
    for (const a of attachments) if (!zip.entries.has(a.entry)) throw refused(BACKUP_ZIP_MESSAGES.missingFile);
    // Asked again under the lock; asked here so that a refused restore stores no file at all.
    if (!(await ownsNothing(deps.db, scope.bookId))) throw new HttpError(422, BACKUP_NOT_EMPTY, { backup: [BACKUP_NOT_EMPTY] });
    const files: RestoredFile[] = [];
    for (const a of attachments) {
      const bytes = await zip.read(a.entry);
      if (bytes.length !== a.size_bytes || !(await isStoredFileOf(bytes, a.media_type))) throw refused(BACKUP_ZIP_MESSAGES.wrongFile);
      const key = newFileKey();
      await deps.store.put(key, bytes, a.media_type);
      written.push(key);
      files.push({ transactionId: a.transaction_id, storage_key: key, file_name: a.file_name, media_type: a.media_type, size_bytes: a.size_bytes, created_at: a.created_at });
    }
    return await restoreBackup(deps, scope, backup, files);
  } catch (error) {
    // No row names these files: remove them now rather than waiting for the sweep.
    await Promise.allSettled(written.map((key) => deps.store.delete(key)));
    throw error;
  } finally {
    zip.close();
  }
}
