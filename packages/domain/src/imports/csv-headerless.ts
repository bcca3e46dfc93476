/**
 * CSVs without a header row (Austrian and Raiffeisen exports start with their first transaction):
 * told apart by the first line already holding a date and an amount, and mapped by column
 * position ('1', '2', …) instead of by header name, so no transaction is taken for a header.
 */
import type { CsvRecord } from './csv-reader';
import { NeedsMappingError } from './import-error';

/** How many leading records are read for the widest row and for samples. */
const SAMPLE_RECORDS = 40;

// A date in any of the shapes banks write (2026-03-15, 15.03.2026, 03/15/26), alone in its cell.
const DATE_CELL = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2}))(?:[ T].*)?$/;
// An amount with a decimal point or comma, optional sign, currency sign and grouping.
const AMOUNT_CELL = /^[-+]?\s*[$\u20ac\u00a3]?\s*[-+]?\d{1,3}(?:[.,' \u00a0]?\d{3})*[.,]\d{2}\s*(?:[-+]|CR|DR|EUR|USD)?$/i;

/** True when the first record is a transaction, not a header: one cell is a date and another an amount. */
export function looksHeaderless(records: readonly CsvRecord[]): boolean {
  const first = records[0];
  if (!first) return false;
  const cells = first.fields.map((cell) => cell.trim());
  const date = cells.findIndex((cell) => DATE_CELL.test(cell));
  return date !== -1 && cells.some((cell, index) => index !== date && AMOUNT_CELL.test(cell));
}

/** The number of columns of the widest of the first records. */
export function columnCount(records: readonly CsvRecord[]): number {
  return records.slice(0, SAMPLE_RECORDS).reduce((widest, record) => Math.max(widest, record.fields.length), 0);
}

/** '1', '2', … for each column of a file without a header row. */
export function columnPositions(records: readonly CsvRecord[]): string[] {
  return Array.from({ length: columnCount(records) }, (_, index) => String(index + 1));
}

/** The remembered-mapping key of a file without a header row: it has no names, only a width. */
export function headerlessSignature(records: readonly CsvRecord[]): string {
  return `(no header row)|${columnCount(records)}`;
}

/**
 * The question a CSV whose columns are not recognised asks, with one value of each column from
 * its first transaction; for a file without a header row, the columns by position.
 */
export function mappingQuestion(records: readonly CsvRecord[], unrecognised: NeedsMappingError): NeedsMappingError {
  if (looksHeaderless(records)) {
    const positions = columnPositions(records);
    const first = records[0]?.fields ?? [];
    return new NeedsMappingError(records[0]?.line ?? 1, 'the file has no header row: choose the columns by position.', positions, {
      samples: positions.map((_, index) => (first[index] ?? '').trim()),
      hasHeader: false,
    });
  }
  const headerAt = records.findIndex((record) => record.line === unrecognised.line);
  const data = headerAt === -1 ? undefined : records[headerAt + 1];
  const header = headerAt === -1 ? [] : (records[headerAt]?.fields ?? []);
  // The error's columns leave out empty header cells; the samples follow them.
  const samples = header.flatMap((cell, index) => (cell.trim() === '' ? [] : [(data?.fields[index] ?? '').trim()]));
  return new NeedsMappingError(unrecognised.line, unrecognised.detail, unrecognised.columns, { samples, hasHeader: true });
}
