/**
 * A file name fit to show and to send in Content-Disposition (DECISIONS.md #107): the last part of
 * whatever path the browser sent, without control characters or characters file systems refuse,
 * ending in the extension of the type found in its bytes. It is never used as a path: the bytes
 * are stored under a random key (storage-keys.ts).
 */
import type { AttachmentMediaType } from '@mindspend/api-contract';

export const EXTENSIONS: Record<AttachmentMediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};
const KNOWN_EXTENSIONS: Record<AttachmentMediaType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'application/pdf': ['pdf'],
};
const MAX_NAME = 120;
// Control characters and the characters Windows, macOS or a shell would trip on.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"|?*\\/]+/g;

export function safeFileName(given: string | undefined, mediaType: AttachmentMediaType): string {
  const last = (given ?? '').split(/[/\\]/).pop() ?? '';
  let name = last
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!KNOWN_EXTENSIONS[mediaType].includes(extension)) {
    name = `${dot > 0 ? name.slice(0, dot) : name || 'attachment'}.${EXTENSIONS[mediaType]}`;
  }
  if (name.length > MAX_NAME) {
    const suffix = name.slice(name.lastIndexOf('.'));
    name = `${name.slice(0, MAX_NAME - suffix.length)}${suffix}`;
  }
  return name.startsWith('.') ? `attachment${name}` : name;
}

/** `attachment; filename="…"; filename*=UTF-8''…`: ASCII for old clients, the whole name for the rest. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
