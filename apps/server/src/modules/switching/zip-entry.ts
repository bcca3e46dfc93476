/**
 * One file out of an uploaded zip. The zip comes from a stranger: its directory's declared sizes
 * are checked before anything is unpacked, as for workbooks (imports/workbook.ts), and only the
 * entry asked for is unpacked, so a small upload cannot unpack into gigabytes.
 */
import { unzipSync } from 'fflate';
import { ImportError } from '@mindspend/domain';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** An app's export zip holds a few files; a directory claiming thousands is no export (and fflate would walk them all). */
const MAX_ENTRIES = 1000;

/** A problem with the whole file, shown to the person as it is. */
export const refused = (message: string) => new ImportError(1, message, { wholeFile: true });

export function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

export interface ZipEntryWanted {
  /** Whether an entry's name (with its folders) is the one wanted. */
  matches: (name: string) => boolean;
  maxBytes: number;
  /** The person's messages for a file that is no zip, lacks the entry, or whose entry is too large. */
  notZip: string;
  missing: string;
  tooLarge: string;
}

/** The first matching entry's bytes, or null when `optional` and the zip has none. */
export function zipEntryBytes(zip: Uint8Array, wanted: ZipEntryWanted, optional = false): Uint8Array | null {
  if (!isZip(zip)) throw refused(wanted.notZip);
  // The first pass reads the directory only (the filter unpacks nothing), so the size is known
  // before any memory is spent on it.
  let found: { name: string; size: number } | undefined;
  let entries = 0;
  try {
    unzipSync(zip, {
      filter: (file) => {
        entries += 1;
        if (entries > MAX_ENTRIES) throw new Error('too many entries');
        if (!found && !file.name.startsWith('__MACOSX/') && wanted.matches(file.name)) found = { name: file.name, size: file.originalSize };
        return false;
      },
    });
  } catch {
    throw refused(wanted.notZip);
  }
  if (found === undefined) {
    if (optional) return null;
    throw refused(wanted.missing);
  }
  if (found.size > wanted.maxBytes) throw refused(wanted.tooLarge);
  const entry = found;
  // Only the entry whose size was checked: a second entry of the same name may declare any size.
  let taken = false;
  let files: Record<string, Uint8Array>;
  try {
    // fflate unpacks into a buffer of the declared size, so a lying directory cannot grow it.
    files = unzipSync(zip, {
      filter: (file) => {
        if (taken || file.name !== entry.name) return false;
        taken = true;
        return true;
      },
    });
  } catch {
    throw refused(wanted.notZip);
  }
  const bytes = files[entry.name];
  if (!bytes) throw refused(wanted.missing);
  return bytes;
}
