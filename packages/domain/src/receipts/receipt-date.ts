/**
 * The day printed on a receipt (issue 33; DECISIONS.md #108). 2026-03-14, 14 Mar 2026 and
 * Mar 14, 2026 say one day; 03/04/2026 says the 4th of March in the United States and the 3rd of
 * April almost everywhere else. A day that could be either is answered with both candidates and no
 * date, so the person chooses: a wrong date would file the purchase in the wrong month in silence.
 */

export interface ReceiptDate {
  /** The day (YYYY-MM-DD) when the receipt says exactly one; null when none or ambiguous. */
  date: string | null;
  /** Every day the first dated line could mean, in order month-first then day-first. */
  candidates: string[];
  /** True when the printed day could be read day-first or month-first and those differ. */
  ambiguous: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';

const ISO = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/;
const NUMERIC = /\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/;
const DAY_MONTH_NAME = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[-\\s/.]*${MONTH_WORD}[-\\s/.,]*(\\d{4}|\\d{2})\\b`, 'i');
const MONTH_NAME_DAY = new RegExp(`\\b${MONTH_WORD}\\s*(\\d{1,2})(?:st|nd|rd|th)?,?\\s*(\\d{4})\\b`, 'i');

/** YYYY-MM-DD when the parts name a real day, else undefined. */
function dayOf(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A two-digit year is this century's: receipts are recent. */
function fullYear(printed: string): number {
  const year = Number(printed);
  return printed.length === 2 ? 2000 + year : year;
}

function monthNumber(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
}

/** The days one line could mean, or [] when it prints no date. */
function daysOnLine(line: string): string[] {
  const iso = ISO.exec(line);
  if (iso) return [dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]))].filter((day) => day !== undefined);
  const dayFirst = DAY_MONTH_NAME.exec(line);
  if (dayFirst) return [dayOf(fullYear(dayFirst[3] ?? ''), monthNumber(dayFirst[2] ?? ''), Number(dayFirst[1]))].filter((day) => day !== undefined);
  const monthFirst = MONTH_NAME_DAY.exec(line);
  if (monthFirst) return [dayOf(Number(monthFirst[3]), monthNumber(monthFirst[1] ?? ''), Number(monthFirst[2]))].filter((day) => day !== undefined);
  const numeric = NUMERIC.exec(line);
  if (!numeric) return [];
  const [first, second, year] = [Number(numeric[1]), Number(numeric[2]), fullYear(numeric[3] ?? '')];
  const readings = [dayOf(year, first, second), dayOf(year, second, first)].filter((day) => day !== undefined);
  return [...new Set(readings)];
}

/** The receipt's day: from the first line that prints a real one. */
export function findReceiptDate(lines: readonly string[]): ReceiptDate {
  for (const line of lines) {
    const candidates = daysOnLine(line);
    if (candidates.length === 0) continue;
    const ambiguous = candidates.length > 1;
    return { date: ambiguous ? null : (candidates[0] ?? null), candidates, ambiguous };
  }
  return { date: null, candidates: [], ambiguous: false };
}
