/**
 * What the switching-app readers share: a CSV export read as a table of named columns, the
 * account kind a name suggests, and how a row's place in the file is named in messages.
 */
import { readCsv } from '../csv-reader';
import { ImportError } from '../import-error';
import type { AppAccountKind } from './app-export';

/** One data row of an app's CSV: its physical line and its cells by column name. */
export interface AppTableRow {
  line: number;
  /** The trimmed cell of a column; '' when the column is absent or the row is short. */
  cell(column: string): string;
}

export interface AppTable {
  /** Whether the header has a column (names compare without case, quotes or a byte-order mark). */
  has(column: string): boolean;
  rows: AppTableRow[];
}

/** Header names compare loosely: apps change case between versions and some write a BOM inside the quotes. */
function columnKey(name: string): string {
  return name
    .replace(/\uFEFF/g, '')
    .trim()
    .toLowerCase();
}

/**
 * Reads an app's CSV export whose first record is the header. `what` names the export for
 * messages ("a YNAB register export"); a missing `required` column refuses the file as not being
 * that export, naming the column, so a file of another app is told apart before any row is read.
 */
export function readAppTable(text: string, what: string, required: readonly string[]): AppTable {
  const records = readCsv(text, ',');
  const header = records[0];
  if (!header) throw new ImportError(1, `This is not ${what}: the file is empty.`, { wholeFile: true });
  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    const key = columnKey(name);
    if (!index.has(key)) index.set(key, i);
  });
  const has = (column: string): boolean => index.has(columnKey(column));
  for (const column of required) {
    if (!has(column))
      throw new ImportError(header.line, `This is not ${what}: it has no "${column}" column.`, {
        wholeFile: true,
      });
  }
  const rows = records.slice(1).map(({ line, fields }): AppTableRow => ({
    line,
    cell: (column) => {
      const i = index.get(columnKey(column));
      return i === undefined ? '' : (fields[i] ?? '').trim();
    },
  }));
  return { has, rows };
}

/** The row's account name; a row without one cannot be placed anywhere, so the file is refused. */
export function accountCell(row: AppTableRow, column: string): string {
  const name = row.cell(column);
  if (name === '')
    throw new ImportError(row.line, `the row names no account (its "${column}" cell is empty).`);
  return name;
}

/** Empty cells are absent values, not empty strings. */
export function textOrNull(cell: string): string | null {
  return cell === '' ? null : cell;
}

/**
 * An account kind from the name alone, for apps whose export says nothing else (YNAB's register,
 * Mint): "Chase Sapphire Card", "Amex Gold" → credit card; "Online Savings" → savings.
 */
export function accountKindFromName(name: string): AppAccountKind {
  if (/card|visa|master\s?card|amex|american express/i.test(name)) return 'credit card';
  if (/saving/i.test(name)) return 'savings';
  return 'checking';
}

/** "line 4", "lines 4 and 9", "lines 4, 5 and 6": where a transaction or transfer came from. */
export function linesSource(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  if (sorted.length === 1) return `line ${sorted[0]}`;
  return `lines ${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}`;
}

/** Whole days from one `YYYY-MM-DD` to another (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  const utc = (iso: string) =>
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}

/** `$12.34`-style text for reasons people read; the sign is dropped (the reason says the direction). */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
