/**
 * Excel workbooks (.xlsx) uploaded as statements (issue 34): the chosen sheet, or the first,
 * becomes CSV text when the upload is received (domain spreadsheet-csv.ts), and from there the
 * file is read as any CSV — recognised headers or the mapping step, the questions, the job.
 *
 * A workbook is a zip: its parts' unpacked sizes are checked from the zip's directory before
 * anything is unpacked, so a small upload cannot unpack into gigabytes.
 */
import { unzipSync } from 'fflate';
import { MAX_SHEET_ROWS, type SheetCell, chosenSheet, sheetToCsv } from '@mindspend/domain';
import { HttpError } from '../../lib/http-errors';

/** A workbook's parts may unpack to this much in all; statements stay far below it. */
export const MAX_UNPACKED_WORKBOOK_BYTES = 200 * 1024 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export const NOT_A_WORKBOOK = 'This .xlsx file is not an Excel workbook Mindspend can read. Save it again from Excel as .xlsx, or as CSV.';

/** True for a file named .xlsx: its bytes must then be a workbook. */
export const isWorkbookName = (fileName: string): boolean => /\.xlsx$/i.test(fileName);

const refused = (message: string, field = 'file') => new HttpError(422, message, { [field]: [message] });

/** The unpacked size of every part, from the zip's directory, unpacking nothing. */
function unpackedSize(content: Buffer): number {
  let total = 0;
  unzipSync(content, {
    filter: (part) => {
      total += part.originalSize;
      return false;
    },
  });
  return total;
}

export interface WorkbookSheet {
  /** The sheet as CSV text. */
  text: string;
  sheetName: string;
  /** Every sheet's name, in the workbook's order. */
  sheetNames: string[];
}

/**
 * The chosen sheet (by name or 1-based number; the first when none is chosen) as CSV text, or a
 * 422 saying what is wrong: not a workbook, too large unpacked, no such sheet, an empty sheet.
 */
export async function workbookAsCsv(content: Buffer, wantedSheet: string | undefined): Promise<WorkbookSheet> {
  if (!ZIP_SIGNATURE.every((byte, index) => content[index] === byte)) throw refused(NOT_A_WORKBOOK);
  let size: number;
  try {
    size = unpackedSize(content);
  } catch {
    throw refused(NOT_A_WORKBOOK);
  }
  if (size > MAX_UNPACKED_WORKBOOK_BYTES) throw refused('This workbook unpacks to more than 200 MB. Export the statement as CSV instead.');
  let sheets: Array<{ sheet: string; data: ReadonlyArray<ReadonlyArray<unknown>> }>;
  // The workbook reader loads with the first .xlsx, not at start-up (DECISIONS.md #119).
  const { default: readXlsxFile } = await import('read-excel-file/universal');
  try {
    const bytes = content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer;
    // Numbers stay the text the workbook stores, so an amount never passes through a float.
    sheets = await readXlsxFile<string>(bytes, { parseNumber: (text) => text, trim: true });
  } catch {
    throw refused(NOT_A_WORKBOOK);
  }
  const sheetNames = sheets.map((sheet) => sheet.sheet);
  const sheet = chosenSheet(sheets, wantedSheet);
  if (!sheet) throw refused(`The workbook has no sheet "${wantedSheet ?? ''}"; its sheets are ${sheetNames.map((name) => `"${name}"`).join(', ')}.`, 'sheet');
  if (sheet.data.length > MAX_SHEET_ROWS) throw refused(`The sheet "${sheet.sheet}" has more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows.`);
  const text = sheetToCsv(sheet.data.map((row) => row.map(toSheetCell)));
  if (text.trim() === '') throw refused(`The sheet "${sheet.sheet}" is empty.`);
  return { text, sheetName: sheet.sheet, sheetNames };
}

/** The reader's cell as the domain's: its Date type is declared loosely, so it is checked here. */
function toSheetCell(cell: unknown): SheetCell {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date || typeof cell === 'string' || typeof cell === 'boolean' || typeof cell === 'number') return cell;
  return String(cell);
}
