/**
 * Which uploaded files are statements (spec §5 Import): CSV, OFX/QFX, QIF, CAMT (.xml: the
 * CAMT.053 statement, and CAMT.052 and .054 with booked entries), MT940 (.sta, .mt940, .txt) or
 * an Excel workbook (.xlsx, read as a CSV of one sheet: DECISIONS.md #96),
 * by name and by the type the browser reports. Shared by the Import screen's check and the upload
 * route's. The messages name every format (DECISIONS.md #26, #43).
 *
 * Many banks hand MT940 files out as .txt rather than .sta: a .txt is taken because the format is
 * decided from the content (statement.ts), never from the name, so a .txt that is not MT940 is
 * read as a CSV (a bank's tab- or comma-separated export often is one) and refused, or its columns
 * asked for, before anything is written. Its type, text/plain, was taken already.
 */

export const IMPORT_MESSAGES = {
  invalidFile: 'Please select a CSV, OFX, QFX, QIF, CAMT (.xml), MT940 or Excel (.xlsx) statement file.',
  fileAndAccountNeeded: 'Please select a statement file (CSV, OFX, QFX, QIF, CAMT .xml, MT940 or Excel .xlsx) and an account.',
} as const;

/** The file chooser's placeholder: the extensions it takes. */
export const STATEMENT_FILE_HINT = 'Choose a .csv, .ofx, .qfx, .qif, CAMT .xml, MT940 .sta or Excel .xlsx file';

/** The file chooser's `accept` list. */
export const STATEMENT_FILE_ACCEPT =
  '.csv,.ofx,.qfx,.qif,.xml,.sta,.mt940,.txt,.xlsx,text/csv,application/x-ofx,application/qif,application/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const EXTENSIONS = /\.(csv|ofx|qfx|qif|xml|sta|mt940|txt|xlsx)$/i;
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
  // An Excel workbook (DECISIONS.md #96).
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

/** True for a .csv, .ofx, .qfx, .qif, .xml, .sta, .mt940, .txt or .xlsx file of a type such files come with. */
export function isStatementFile(name: string, type: string): boolean {
  return EXTENSIONS.test(name) && TYPES.has(type.toLowerCase());
}
