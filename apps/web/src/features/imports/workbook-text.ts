/**
 * An Excel workbook (.xlsx) read in the browser, as the server reads it (server workbook.ts): its
 * sheets' names for the Sheet chooser, and the chosen sheet as CSV text for the mapping step's
 * preview. The reader is loaded only when a workbook is chosen.
 */
import { type SheetCell, chosenSheet, sheetToCsv } from '@mindspend/domain';

export const isWorkbookName = (name: string): boolean => /\.xlsx$/i.test(name);

async function readSheets(file: File) {
  const { default: readXlsxFile } = await import('read-excel-file/browser');
  // Numbers stay the text the workbook stores, as on the server.
  return readXlsxFile<string>(file, { parseNumber: (text) => text, trim: true });
}

const toSheetCell = (cell: unknown): SheetCell =>
  cell === null || cell === undefined
    ? null
    : cell instanceof Date || typeof cell === 'string' || typeof cell === 'boolean' || typeof cell === 'number'
      ? cell
      : String(cell);

/** The workbook's sheet names, or [] when it cannot be read here (the server says why on upload). */
export async function workbookSheetNames(file: File): Promise<string[]> {
  try {
    return (await readSheets(file)).map((sheet) => sheet.sheet);
  } catch {
    return [];
  }
}

/** The chosen sheet (the first when none is) as CSV text; null when it cannot be read here. */
export async function workbookText(file: File, sheet: string | undefined): Promise<string | null> {
  try {
    const chosen = chosenSheet(await readSheets(file), sheet);
    return chosen ? sheetToCsv(chosen.data.map((row) => row.map(toSheetCell))) : null;
  } catch {
    return null;
  }
}
