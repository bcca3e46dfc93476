/**
 * An Excel sheet (.xlsx) becomes CSV text, so a workbook goes through the same reading as a CSV:
 * recognised headers or the mapping step, the sign and date questions, de-duplication. The sheet
 * is read elsewhere (the server's and the web app's spreadsheet readers); this is the pure half.
 *
 * Numbers arrive as the text the workbook stores ('54.2', '-1234.56'), never through a float, so
 * an amount keeps its cents exactly. A cell the workbook formats as a date arrives as a Date at
 * midnight UTC and is written as YYYY-MM-DD, which reads one way only.
 */

/** A cell as the spreadsheet reader gives it. */
export type SheetCell = string | number | boolean | Date | null;

/** How many rows a sheet may hold: more than any statement, less than a memory problem. */
export const MAX_SHEET_ROWS = 500_000;

const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

function cellText(cell: SheetCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : isoDate(cell);
  return String(cell);
}

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sheet as comma-separated text, one line per row; empty rows are kept as blank lines. */
export function sheetToCsv(rows: ReadonlyArray<ReadonlyArray<SheetCell>>): string {
  return rows.map((row) => row.map((cell) => csvField(cellText(cell))).join(',').replace(/,+$/, '')).join('\n');
}

/** The sheet a person asked for, by name or 1-based number, among the workbook's; null when none is. */
export function chosenSheet<T extends { sheet: string }>(sheets: readonly T[], wanted: string | undefined): T | null {
  if (wanted === undefined || wanted.trim() === '') return sheets[0] ?? null;
  const name = wanted.trim();
  const byName = sheets.find((sheet) => sheet.sheet === name) ?? sheets.find((sheet) => sheet.sheet.toLowerCase() === name.toLowerCase());
  if (byName) return byName;
  const position = /^\d+$/.test(name) ? Number(name) : 0;
  return sheets[position - 1] ?? null;
}
