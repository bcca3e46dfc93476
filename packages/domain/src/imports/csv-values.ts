/** Amount and date cells of bank CSV exports: `$1,234.56`, `(45.00)`, `12.50 CR`; 2026-01-15, 01/15/2026, 15/01/2026. */
import { MAX_AMOUNT_CENTS, parseIsoDate } from '../ledger/transactions';
import { ImportError } from './import-error';
import type { DateOrderAnswer } from './import-question';

export interface ParsedAmount {
  /** Signed as written: negative for '-', '(…)' or a trailing '-'. */
  cents: number;
  /** A trailing CR / DR says the direction outright, whatever the file's sign convention. */
  indicator: 'cr' | 'dr' | null;
}

// Sign before or after '$', thousands groups of exactly three digits, a trailing '-' (mainframe
// style) and a trailing CR/DR. Anything else is refused rather than guessed.
const AMOUNT =
  /^([-+])?\s*\$?\s*([-+])?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?\s*(-)?\s*(?:(CR|DR)\.?)?(?:\s*USD)?$/i;

/**
 * Parses an amount cell to signed cents; null for an empty cell. Throws ImportError for anything
 * that is not clearly an amount, so a shifted column never imports as money.
 */
export function parseAmountCell(cell: string, line: number): ParsedAmount | null {
  let text = cell.trim();
  if (text === '') return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  const match = AMOUNT.exec(text);
  const whole = match?.[3];
  const fraction = match?.[4];
  if (!match || (whole === undefined && fraction === undefined)) throw notAnAmount(cell, line);
  const signs = [match[1], match[2], match[5]].filter((s) => s !== undefined);
  if (signs.length > 1 || (negative && signs.length > 0)) throw notAnAmount(cell, line);
  if (signs[0] === '-') negative = true;
  // Integer arithmetic on the digits: no float drift and no rounding of cents.
  const frac = fraction ?? '';
  if (frac.length > 2 && !/^0+$/.test(frac.slice(2))) {
    throw new ImportError(line, `"${cell.trim()}" has more than two decimal places.`);
  }
  const cents = Number((whole ?? '0').replace(/,/g, '')) * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) {
    throw new ImportError(line, `"${cell.trim()}" is larger than the largest amount allowed ($99,999,999.99).`);
  }
  const indicator = match[6] ? (match[6].toLowerCase() as 'cr' | 'dr') : null;
  return { cents: negative && cents !== 0 ? -cents : cents, indicator };
}

function notAnAmount(cell: string, line: number): ImportError {
  return new ImportError(line, `"${cell.trim()}" is not an amount.`);
}

export type DateFormat = 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD/MM/YYYY';

/** A date cell's numbers: year first (2026-01-15), or two parts before the year whose order is the question. */
type DateParts =
  | { shape: 'year-first'; year: number; month: number; day: number }
  | { shape: 'year-last'; year: number; first: number; second: number };

// An optional time after the date (`01/15/2026 10:23:00`, `2026-01-15T10:23:00Z`) is ignored.
const YMD = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?:[ T].*)?$/;
const YEAR_LAST = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?:[ T].*)?$/;

/** Reads the shape of a date cell; a two-digit year YY is 19YY from 70 up, else 20YY. */
function dateParts(cell: string): DateParts | null {
  const ymd = YMD.exec(cell);
  if (ymd) return { shape: 'year-first', year: Number(ymd[1]), month: Number(ymd[3]), day: Number(ymd[4]) };
  const last = YEAR_LAST.exec(cell);
  if (!last) return null;
  const yearText = last[4] ?? '';
  const short = Number(yearText);
  const year = yearText.length === 2 ? (short >= 70 ? 1900 + short : 2000 + short) : short;
  return { shape: 'year-last', year, first: Number(last[1]), second: Number(last[3]) };
}

function toIso(parts: DateParts, order: DateOrderAnswer): string | null {
  const [month, day] =
    parts.shape === 'year-first' ? [parts.month, parts.day] : order === 'month-first' ? [parts.first, parts.second] : [parts.second, parts.first];
  const iso = `${String(parts.year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return parseIsoDate(iso) ? iso : null;
}

/** A statement's date cells, each read once: a statement has few distinct dates (100,000 rows stay fast). */
export interface DateColumn {
  cells: ReadonlyArray<{ cell: string; line: number }>;
  parts: ReadonlyArray<DateParts | null>;
  /** Year first or year last, whichever most cells are. */
  shape: DateParts['shape'];
}

export function readDateColumn(cells: ReadonlyArray<{ cell: string; line: number }>): DateColumn {
  const seen = new Map<string, DateParts | null>();
  const parts = cells.map(({ cell }) => {
    let p = seen.get(cell);
    if (p === undefined) {
      p = dateParts(cell.trim());
      seen.set(cell, p);
    }
    return p;
  });
  let yearFirst = 0;
  let yearLast = 0;
  for (const p of parts) {
    if (p?.shape === 'year-first') yearFirst += 1;
    else if (p) yearLast += 1;
  }
  return { cells, parts, shape: yearFirst > yearLast ? 'year-first' : 'year-last' };
}

/**
 * Which way a column of dates like 06/12/2021 reads, from the column itself: a first part above
 * 12 can only be a day, a second part above 12 only a day. 'ambiguous' when no cell says and some
 * cell reads as two different dates (06/12, unlike 05/05): the person is asked
 * (import-question.ts). A column that says both ways is read month-first, and its first day-first
 * cell then fails naming its line.
 */
export function dateOrderOf(column: DateColumn): DateOrderAnswer | 'ambiguous' {
  if (column.shape === 'year-first') return 'month-first';
  let dayFirst = false;
  let monthFirst = false;
  let twoWays = false;
  for (const p of new Set(column.parts)) {
    if (p?.shape !== 'year-last') continue;
    if (p.first > 12 && p.second <= 12) dayFirst = true;
    else if (p.second > 12 && p.first <= 12) monthFirst = true;
    else if (p.first !== p.second) twoWays = true;
  }
  if (dayFirst !== monthFirst) return dayFirst ? 'day-first' : 'month-first';
  return dayFirst || !twoWays ? 'month-first' : 'ambiguous';
}

/**
 * Converts every cell of a date column to `YYYY-MM-DD`, the two parts before a year in `order`.
 * A cell that does not have the column's shape, is not a real calendar date, or reads the other
 * way (13/01/2026 in a month-first column) fails the import at the first such line, so no row is
 * silently mis-dated.
 */
export function parseDateColumn(column: DateColumn, order: DateOrderAnswer): string[] {
  const isoOf = new Map<DateParts, string | null>();
  const format: DateFormat = column.shape === 'year-first' ? 'YYYY-MM-DD' : order === 'month-first' ? 'MM/DD/YYYY' : 'DD/MM/YYYY';
  return column.cells.map(({ cell, line }, index) => {
    const p = column.parts[index];
    let iso: string | null | undefined = null;
    if (p && p.shape === column.shape) {
      iso = isoOf.get(p);
      if (iso === undefined) {
        iso = toIso(p, order);
        isoOf.set(p, iso);
      }
    }
    if (iso) return iso;
    const shown = cell.trim();
    if (p?.shape === 'year-last' && p.shape === column.shape && toIso(p, order === 'month-first' ? 'day-first' : 'month-first')) {
      const other = order === 'month-first' ? 'day-first' : 'month-first';
      throw new ImportError(line, `"${shown}" is a ${other} date, while the rest of the column reads ${format}.`);
    }
    if (p && p.shape !== column.shape) {
      throw new ImportError(line, `"${shown}" is not in the column's date format (${format}).`);
    }
    throw new ImportError(line, `"${shown}" is not a date.`);
  });
}
