/**
 * Which uploaded files are statements (spec §5 Import): CSV, OFX/QFX, QIF or CAMT (.xml: the
 * CAMT.053 statement, and CAMT.052 and .054 with booked entries), by name and by the type the
 * browser reports. Shared by the Import screen's check and the upload route's. The messages name
 * every format (DECISIONS.md #26, #43).
 */

export const IMPORT_MESSAGES = {
  invalidFile: 'Please select a CSV, OFX, QFX, QIF or CAMT (.xml) statement file.',
  fileAndAccountNeeded: 'Please select a statement file (CSV, OFX, QFX, QIF or CAMT .xml) and an account.',
} as const;

/** The file chooser's placeholder: the extensions it takes. */
export const STATEMENT_FILE_HINT = 'Choose a .csv, .ofx, .qfx, .qif or CAMT .xml file';

/** The file chooser's `accept` list. */
export const STATEMENT_FILE_ACCEPT = '.csv,.ofx,.qfx,.qif,.xml,text/csv,application/x-ofx,application/qif,application/xml';

const EXTENSIONS = /\.(csv|ofx|qfx|qif|xml)$/i;
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
  'application/qif',
  'application/x-qif',
  'text/x-qif',
  'application/xml',
  'text/xml',
  'text/plain',
  'application/octet-stream',
]);

/** True for a .csv, .ofx, .qfx, .qif or .xml file of a type such files come with. */
export function isStatementFile(name: string, type: string): boolean {
  return EXTENSIONS.test(name) && TYPES.has(type.toLowerCase());
}
