/**
 * Keys of attachment objects (DECISIONS.md #107): random, so a file's name never becomes a path,
 * and shaped so that a key read back from a store can be checked before it is used as one.
 */
import { randomUUID } from 'node:crypto';

const FILE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const THUMBNAIL_SUFFIX = '.thumb';

/** A new file's key. */
export function newFileKey(): string {
  return randomUUID();
}

/** The key of a file's thumbnail: found from the file's, so the sweep knows whose it is. */
export function thumbnailKeyOf(fileKey: string): string {
  return `${fileKey}${THUMBNAIL_SUFFIX}`;
}

/** The file key an object belongs to (its own, or its thumbnail's file), or null for a key not ours. */
export function fileKeyOf(objectKey: string): string | null {
  const base = objectKey.endsWith(THUMBNAIL_SUFFIX)
    ? objectKey.slice(0, -THUMBNAIL_SUFFIX.length)
    : objectKey;
  return FILE_KEY.test(base) ? base : null;
}

/** True for a key this module made: the local store refuses any other as a file name. */
export function isStorageKey(key: string): boolean {
  return fileKeyOf(key) !== null;
}
