/**
 * The person's answer for a CSV whose columns Mindspend does not recognise (DECISIONS.md #43):
 * which column is the date (and its format), the amount (or debit and credit), the payee, the
 * notes and the currency (DECISIONS.md #91), the decimal separator and the delimiter. Columns are
 * named by their header cell, so the same bank's next export maps the same way; the mapping is
 * remembered per account and header signature.
 */
import type { CsvColumns } from './csv-columns';
import { headerName } from './csv-columns';
import { readCsv, type CsvRecord } from './csv-reader';
import { ImportError } from './import-error';
import { columnCount, headerlessSignature, looksHeaderless } from './csv-headerless';
import { type CsvDelimiter, detectDelimiter } from './csv-delimiter';

export const MAPPING_DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY'] as const;
export type MappingDateFormat = (typeof MAPPING_DATE_FORMATS)[number];
export { MAPPING_DELIMITERS, type CsvDelimiter, detectDelimiter } from './csv-delimiter';

export interface CsvMapping {
  /** Header cells as the file writes them. */
  date: string;
  date_format: MappingDateFormat;
  amount?: string | undefined;
  debit?: string | undefined;
  credit?: string | undefined;
  payee: string;
  notes?: string | undefined;
  /** The column of each row's ISO 4217 code, which must be the account's currency. */
  currency?: string | undefined;
  decimal: '.' | ',';
  delimiter: CsvDelimiter;
  /**
   * False for a file without a header row: the columns above are then 1-based positions ('1',
   * '2', …) and the first line is a transaction (csv-headerless.ts). Absent means true.
   */
  has_header?: boolean | undefined;
}

/** How many leading lines are looked at to find the header. */
const SAMPLE_LINES = 40;

/** The key a mapping is remembered under: the header cells, normalized and joined. */
export function headerSignature(cells: readonly string[]): string {
  return cells.map(headerName).join('|').slice(0, 255);
}

/** The header signatures of the first lines of a CSV (any one may be the header a mapping names). */
export function candidateHeaderSignatures(text: string): string[] {
  const delimiter = detectDelimiter(text);
  const signatures = new Set<string>();
  // A file without a header row is known by its width (csv-headerless.ts).
  const head = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, SAMPLE_LINES).join('\n');
  try {
    const records = readCsv(head, delimiter);
    if (looksHeaderless(records)) signatures.add(headerlessSignature(records));
  } catch {
    // A sample cut inside a quoted line break: the header lines below are still tried.
  }
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, SAMPLE_LINES)) {
    try {
      const [record] = readCsv(line, delimiter);
      if (record) signatures.add(headerSignature(record.fields));
    } catch {
      // A line that opens a quoted line break is a data row, not a header.
    }
  }
  return [...signatures];
}

/** Finds the header row a mapping names and the index of each mapped column. */
export function mappedColumns(records: readonly CsvRecord[], mapping: CsvMapping): CsvColumns & { signature: string } {
  if (mapping.has_header === false) return positionalColumns(records, mapping);
  const wanted = [mapping.date, mapping.payee, mapping.amount, mapping.debit, mapping.credit, mapping.notes, mapping.currency].filter(
    (name): name is string => name !== undefined && name !== '',
  );
  const limit = Math.min(records.length, SAMPLE_LINES);
  for (let index = 0; index < limit; index += 1) {
    const record = records[index] as CsvRecord;
    const names = record.fields.map(headerName);
    const find = (name: string | undefined) => {
      if (name === undefined || name === '') return null;
      const at = names.indexOf(headerName(name));
      return at === -1 ? null : at;
    };
    if (!wanted.every((name) => find(name) !== null)) continue;
    return {
      headerLine: record.line,
      headerIndex: index,
      date: find(mapping.date) as number,
      payee: find(mapping.payee) as number,
      description: null,
      memo: find(mapping.notes),
      amount: find(mapping.amount),
      debit: find(mapping.debit),
      credit: find(mapping.credit),
      type: null,
      currency: find(mapping.currency),
      signature: headerSignature(record.fields),
    };
  }
  const missing = wanted.find((name) => !records.slice(0, limit).some((record) => record.fields.map(headerName).includes(headerName(name))));
  throw new ImportError(records[0]?.line ?? 1, `the file has no column "${missing ?? wanted.join('", "')}" (chosen in the column mapping).`);
}

/** The columns of a file without a header row, by 1-based position; every record is data. */
function positionalColumns(records: readonly CsvRecord[], mapping: CsvMapping): CsvColumns & { signature: string } {
  const width = columnCount(records);
  const at = (name: string | undefined): number | null => {
    if (name === undefined || name === '') return null;
    const position = Number(name);
    if (!Number.isInteger(position) || position < 1 || position > width) {
      throw new ImportError(records[0]?.line ?? 1, `the file has no column ${name} (it has ${width}; chosen in the column mapping).`);
    }
    return position - 1;
  };
  return {
    headerLine: 0,
    headerIndex: -1,
    date: at(mapping.date) as number,
    payee: at(mapping.payee) as number,
    description: null,
    memo: at(mapping.notes),
    amount: at(mapping.amount),
    debit: at(mapping.debit),
    credit: at(mapping.credit),
    type: null,
    currency: at(mapping.currency),
    signature: headerlessSignature(records),
  };
}

/** Reads one date cell in the format the person chose; null when it is not such a date. */
export function parseMappedDate(cell: string, format: MappingDateFormat): string | null {
  const match = /^(\d{1,4})[-/. ](\d{1,2})[-/. ](\d{2,4})(?:[ T].*)?$/.exec(cell.trim());
  if (!match) return null;
  const [a, b, c] = [match[1] as string, match[2] as string, match[3] as string];
  let year: string;
  let month: string;
  let day: string;
  if (format === 'YYYY-MM-DD') [year, month, day] = [a, b, c];
  else if (format === 'MM/DD/YYYY') [month, day, year] = [a, b, c];
  else [day, month, year] = [a, b, c];
  if (year.length === 2) year = String(Number(year) >= 70 ? 1900 + Number(year) : 2000 + Number(year));
  if (year.length !== 4 || month.length > 2 || day.length > 2) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** '1.234,56' → '1234.56' for a decimal comma; '1,234.56' is left to the amount reader. */
export function normalizeDecimal(cell: string, decimal: '.' | ','): string {
  if (decimal === '.') return cell;
  return cell.replace(/[.\s'\u2019\u00a0]/g, '').replace(',', '.');
}

/** The decimal mark the amount cells use: ',' when some end in ',dd' and none in '.dd'. */
export function guessDecimal(cells: readonly string[]): '.' | ',' {
  let comma = false;
  for (const cell of cells) {
    const text = cell.trim().replace(/\s*(?:CR|DR|EUR|USD|\u20ac|\$)\.?$/i, '');
    if (/\d\.\d{1,2}$/.test(text)) return '.';
    if (/\d,\d{1,2}$/.test(text)) comma = true;
  }
  return comma ? ',' : '.';
}
