/**
 * Attachments in a directory (DATA_DIR/attachments, DECISIONS.md #107): one machine. A file is
 * written to a temporary name and renamed into place, so a reader sees it whole or not at all,
 * and a crash mid-write leaves only a `.tmp-` file, which the sweep removes like any other
 * object without a row. Created on first write, owner-only like the rest of DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AttachmentStore, StoredObject } from './attachment-store';
import { isStorageKey } from './storage-keys';

const TEMP_PREFIX = '.tmp-';
const TEMP_NAME = /^\.tmp-[0-9a-f]{16}$/;

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export class LocalAttachmentStore implements AttachmentStore {
  constructor(private readonly dir: string) {}

  /**
   * The file of a key (or of a leftover temporary file the sweep removes); any other name is
   * refused, so no key is ever a path.
   */
  private fileOf(key: string): string {
    if (!isStorageKey(key) && !TEMP_NAME.test(key))
      throw new Error(`Not an attachment key: ${JSON.stringify(key)}`);
    return path.join(this.dir, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    await writeFile(temp, bytes, { mode: 0o600 });
    await rename(temp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  /** Every file, keys and `.tmp-` leftovers alike; the sweep decides which are orphans. */
  async *list(): AsyncIterable<StoredObject> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const name of names) {
      if (!isStorageKey(name) && !TEMP_NAME.test(name)) continue;
      try {
        const info = await stat(path.join(this.dir, name));
        yield { key: name, modifiedAt: info.mtime };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }
}
