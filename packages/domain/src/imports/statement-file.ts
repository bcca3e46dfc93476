/**
 * Which uploaded files are statements (spec §5 Import): CSV, or OFX/QFX, by name and by the type
 * the browser reports. Shared by the Import screen's check and the upload route's. The messages
 * name all three formats (DECISIONS.md #26).
 */

export const IMPORT_MESSAGES = {
  invalidFile: 'Please select a CSV, OFX or QFX statement file.',
  fileAndAccountNeeded: 'Please select a statement file (CSV, OFX or QFX) and an account.',
} as const;

/** The file chooser's `accept` list. */
export const STATEMENT_FILE_ACCEPT = '.csv,.ofx,.qfx,text/csv,application/x-ofx';

const EXTENSIONS = /\.(csv|ofx|qfx)$/i;
/** Types browsers and systems give these files; '' when the browser does not know the extension. */
const TYPES = new Set([
  '',
  'text/csv',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'application/x-ofx',
  'application/ofx',
  'application/vnd.intu.qfx',
  'application/x-qfx',
  'text/plain',
  'application/octet-stream',
]);

/** True for a .csv, .ofx or .qfx file of a type such files come with. */
export function isStatementFile(name: string, type: string): boolean {
  return EXTENSIONS.test(name) && TYPES.has(type.toLowerCase());
}
