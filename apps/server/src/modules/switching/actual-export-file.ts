/**
 * The db.sqlite inside an Actual Budget export zip ("Export data" in Actual's settings saves a zip
 * of db.sqlite and metadata.json), unpacked with zip-entry.ts's checks.
 */
import { refused, zipEntryBytes } from './zip-entry';

export { refused } from './zip-entry';

/** db.sqlite may unpack to this much; a decade of a household's budget is a few megabytes. */
export const MAX_ACTUAL_DATABASE_BYTES = 200 * 1024 * 1024;

export const NOT_A_ZIP =
  'This is not an Actual Budget export: it is not a zip file. In Actual, choose Settings \u2192 Export data and upload the zip it saves.';
export const NO_DATABASE = 'This is not an Actual Budget export: it holds no db.sqlite.';
export const DATABASE_TOO_LARGE =
  'This Actual Budget export is too large: its db.sqlite unpacks to more than 200 MB.';

/** db.sqlite at the zip's root, or in one folder (a person who unzipped and zipped the folder again). */
const isDatabaseEntry = (name: string) => /^([^/]+\/)?db\.sqlite$/.test(name);

/** The unpacked bytes of the export's db.sqlite; refuses a file that is not a zip, lacks it, or is too large. */
export function actualDatabaseBytes(zip: Uint8Array): Uint8Array {
  const bytes = zipEntryBytes(zip, {
    matches: isDatabaseEntry,
    maxBytes: MAX_ACTUAL_DATABASE_BYTES,
    notZip: NOT_A_ZIP,
    missing: NO_DATABASE,
    tooLarge: DATABASE_TOO_LARGE,
  });
  if (!bytes) throw refused(NO_DATABASE);
  return bytes;
}
