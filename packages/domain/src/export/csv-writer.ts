/** Writing CSV files a spreadsheet opens safely: RFC 4180 quoting and no formula injection. */

/** Characters that make a spreadsheet read a cell as a formula (OWASP 'CSV injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Numeric text written as is (e.g. '-12.34'): a number, not text, so no formula guard applies. */
export interface CsvNumber {
  numeric: string;
}

export type CsvValue = string | number | CsvNumber | null | undefined;

/** A cents amount as a two-decimal number cell, negative amounts included. */
export function csvAmount(cents: number): CsvNumber {
  return { numeric: (cents / 100).toFixed(2) };
}

/**
 * One field: text that a spreadsheet would run as a formula gets a leading `'`; a field with a
 * comma, quote or line break is quoted with inner quotes doubled. Numbers are written as given.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return value.numeric;
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, fields separated by commas. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',');
}

/** A whole file: header then rows, CRLF line ends (RFC 4180), with a UTF-8 byte order mark so Excel reads accents. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[header, ...rows].map(csvRecord).join('\r\n')}\r\n`;
}
