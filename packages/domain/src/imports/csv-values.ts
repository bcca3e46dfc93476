/** Amount and date cells of bank CSV exports: `$1,234.56`, `(45.00)`, `12.50 CR`; US dates. */
import { MAX_AMOUNT_CENTS, parseIsoDate } from '../ledger/transactions';
import { ImportError } from './import-error';

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

export type DateFormat = 'YYYY-MM-DD' | 'MM/DD/YYYY';

interface DateParts {
  format: DateFormat;
  year: number;
  month: number;
  day: number;
}

// An optional time after the date (`01/15/2026 10:23:00`, `2026-01-15T10:23:00Z`) is ignored.
const YMD = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?:[ T].*)?$/;
const MDY = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?:[ T].*)?$/;

/** Reads the shape of a date cell; the year of M/D/YY is 19YY from 70 up, else 20YY. */
function dateParts(cell: string): DateParts | null {
  const ymd = YMD.exec(cell);
  if (ymd) return { format: 'YYYY-MM-DD', year: Number(ymd[1]), month: Number(ymd[3]), day: Number(ymd[4]) };
  const mdy = MDY.exec(cell);
  if (!mdy) return null;
  const yearText = mdy[4] ?? '';
  const short = Number(yearText);
  const year = yearText.length === 2 ? (short >= 70 ? 1900 + short : 2000 + short) : short;
  return { format: 'MM/DD/YYYY', year, month: Number(mdy[1]), day: Number(mdy[3]) };
}

function toIso(parts: DateParts): string | null {
  const iso = `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
  return parseIsoDate(iso) ? iso : null;
}

/**
 * Decides the date format of a whole column and converts every cell to `YYYY-MM-DD`. The format
 * is the one most cells have (year-first, or US month-first with a 2- or 4-digit year); a cell
 * that does not fit it, is not a real calendar date, or is day-first (13/01/2026: Mindspend reads
 * US exports only) fails the import at the first such line, so no row is silently mis-dated.
 */
export function parseDateColumn(cells: ReadonlyArray<{ cell: string; line: number }>): string[] {
  // A statement has few distinct dates; reading each once keeps 100,000 rows fast.
  const seen = new Map<string, DateParts | null>();
  const parts = cells.map(({ cell }) => {
    let p = seen.get(cell);
    if (p === undefined) {
      p = dateParts(cell.trim());
      seen.set(cell, p);
    }
    return p;
  });
  const isoOf = new Map<DateParts, string | null>();
  let ymd = 0;
  let mdy = 0;
  for (const p of parts) {
    if (p?.format === 'YYYY-MM-DD') ymd += 1;
    else if (p) mdy += 1;
  }
  const format: DateFormat = ymd > mdy ? 'YYYY-MM-DD' : 'MM/DD/YYYY';
  return cells.map(({ cell, line }, index) => {
    const p = parts[index];
    let iso: string | null | undefined = null;
    if (p && p.format === format) {
      iso = isoOf.get(p);
      if (iso === undefined) {
        iso = toIso(p);
        isoOf.set(p, iso);
      }
    }
    if (iso) return iso;
    const shown = cell.trim();
    if (p && p.format === 'MM/DD/YYYY' && p.month > 12 && p.day <= 12) {
      throw new ImportError(line, `"${shown}" is a day-first date; Mindspend reads US dates (MM/DD/YYYY).`);
    }
    if (p && p.format !== format) {
      throw new ImportError(line, `"${shown}" is not in the column's date format (${format}).`);
    }
    throw new ImportError(line, `"${shown}" is not a date.`);
  });
}
