/**
 * QIF (Quicken Interchange Format) statements: `!Type:Bank` (or Cash, CCard, Oth A, Oth L) then
 * records of one-letter fields ending with `^`: D date, T (or U) amount, P payee, M memo, N check
 * number. QIF has no transaction ids, so rows are de-duplicated like CSV rows (dedupe.ts).
 *
 * Dates are ambiguous in QIF: `01/02'26`, `1/2/26`, `02/01/2026`. The order is decided from the
 * whole file — a first part above 12 means day-first, a second part above 12 month-first — and a
 * file that never says, while some date reads as two (06/12, not 05/05), asks the person, as a
 * CSV does (DECISIONS.md #95): Quicken writes month first, other apps day first. An apostrophe
 * before a two-digit year means 20YY, as Quicken uses it for years from 2000.
 */
import { MAX_AMOUNT_CENTS, parseIsoDate } from '../ledger/transactions';
import { ImportError } from './import-error';
import {
  DATE_ORDER_ANSWERS,
  DATE_ORDER_OPTION_LABELS,
  type DateOrderAnswer,
  type ImportAnswers,
  NeedsConfirmationError,
  QUESTION_PREVIEW_ROWS,
} from './import-question';
import type { SkippedLine, StatementRow } from './statement-row';

export interface QifStatement {
  rows: StatementRow[];
  skipped: SkippedLine[];
  /** Records of an investment account (`!Type:Invst`): not tracked by Mindspend. */
  investmentRecords: number;
}

/** True when the text starts like a QIF file (`!Type:…`, `!Account`, `!Option:…`). */
export function looksLikeQif(head: string): boolean {
  return /^!(?:Type|Account|Option|Clear)\b/i.test(head.replace(/^\uFEFF/, '').trimStart());
}

interface QifRecord {
  line: number;
  fields: Map<string, { value: string; line: number }>;
  investment: boolean;
}

interface DateCell {
  first: number;
  second: number;
  year: number;
  yearFirst: boolean;
}

const DATE = /^(\d{1,4})\s*[/.-]\s*(\d{1,2})\s*(?:([/.-])|(')|\s)\s*(\d{1,4})$/;

function readDate(value: string): DateCell | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [a, b, c] = [match[1] as string, match[2] as string, match[5] as string];
  if (a.length === 4) return { first: Number(b), second: Number(c), year: Number(a), yearFirst: true };
  const short = Number(c);
  // Quicken writes 1/5'03 for 2003 and 1/5/99 for 1999.
  const year = c.length === 4 ? short : match[4] ? 2000 + short : short >= 70 ? 1900 + short : 2000 + short;
  return { first: Number(a), second: Number(b), year, yearFirst: false };
}

type DateOrder = 'MM/DD' | 'DD/MM';

/** 'MM/DD' or 'DD/MM', decided from every date of the file or by the person; 'ambiguous' to ask. */
function dateOrder(cells: ReadonlyArray<{ cell: DateCell; line: number }>, answer: DateOrderAnswer | undefined): DateOrder | 'ambiguous' {
  const dayFirst = cells.find(({ cell }) => !cell.yearFirst && cell.first > 12);
  const monthFirst = cells.find(({ cell }) => !cell.yearFirst && cell.second > 12);
  if (dayFirst && monthFirst) {
    throw new ImportError(dayFirst.line, 'the file mixes day-first and month-first dates, so its dates cannot be read safely.');
  }
  if (dayFirst) return 'DD/MM';
  if (monthFirst) return 'MM/DD';
  if (answer) return answer === 'day-first' ? 'DD/MM' : 'MM/DD';
  return cells.some(({ cell }) => readsTwoWays(cell)) ? 'ambiguous' : 'MM/DD';
}

const readsTwoWays = (cell: DateCell) => !cell.yearFirst && cell.first !== cell.second;

/** The date a cell is in `order`; null when it is no calendar date read so. */
function isoDate(cell: DateCell, order: DateOrder): string | null {
  const [month, day] = cell.yearFirst || order === 'MM/DD' ? [cell.first, cell.second] : [cell.second, cell.first];
  const iso = `${String(cell.year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return parseIsoDate(iso) ? iso : null;
}

/** A QIF amount: '-1,234.56', or with a decimal comma '-1.234,56'. Returns signed cents. */
export function parseQifAmount(value: string, line: number): number {
  let text = value.trim().replace(/\s/g, '');
  if (/^[-+]?[\d.]*,\d{1,2}$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else text = text.replace(/,/g, '');
  const match = /^([-+])?(\d*)(?:\.(\d*))?$/.exec(text);
  const whole = match?.[2] ?? '';
  const frac = match?.[3] ?? '';
  if (!match || (whole === '' && frac === '') || (frac.length > 2 && !/^0+$/.test(frac.slice(2)))) {
    throw new ImportError(line, `"${value.trim()}" is not an amount.`);
  }
  const cents = Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) {
    throw new ImportError(line, `"${value.trim()}" is larger than the largest amount allowed ($99,999,999.99).`);
  }
  return match[1] === '-' ? -cents : cents;
}

function readRecords(text: string): QifRecord[] {
  const records: QifRecord[] = [];
  let current: QifRecord | null = null;
  let investment = false;
  let inAccountBlock = false;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trimEnd();
    if (text.trim() === '') return;
    if (text.startsWith('!')) {
      const header = text.slice(1).trim().toLowerCase();
      inAccountBlock = header === 'account';
      if (header.startsWith('type:')) investment = /^type:\s*invst/.test(header);
      return;
    }
    if (text.startsWith('^')) {
      if (current && !inAccountBlock) records.push(current);
      current = null;
      // An !Account block describes the account that follows and ends with its own '^'.
      inAccountBlock = false;
      return;
    }
    current ??= { line, fields: new Map(), investment };
    const code = text[0] as string;
    // Split lines (S, E, $) belong to the record's total; the first of each other field counts.
    if (!current.fields.has(code)) current.fields.set(code, { value: text.slice(1).trim(), line });
  });
  if (current && !inAccountBlock && (current as QifRecord).fields.size > 0) records.push(current);
  return records;
}

const BALANCE = /^\s*(?:opening|starting|beginning)\s+balance\b/i;

/** Parses a QIF file's transactions; throws ImportError naming the line of anything unreadable. */
export function parseQif(text: string, answers: ImportAnswers = {}): QifStatement {
  const skipped: SkippedLine[] = [];
  let investmentRecords = 0;
  const candidates: Array<{ record: QifRecord; date: { cell: DateCell; line: number }; cents: number }> = [];
  for (const record of readRecords(text)) {
    if (record.investment) {
      investmentRecords += 1;
      continue;
    }
    const payee = record.fields.get('P')?.value ?? '';
    if (BALANCE.test(payee)) {
      skipped.push({ line: record.line, reason: `A balance line ("${payee.slice(0, 60)}"), not a transaction.` });
      continue;
    }
    const date = record.fields.get('D');
    if (!date || date.value === '') {
      skipped.push({ line: record.line, reason: 'No date.' });
      continue;
    }
    const amount = record.fields.get('T') ?? record.fields.get('U');
    if (!amount || amount.value === '') {
      skipped.push({ line: record.line, reason: 'No amount.' });
      continue;
    }
    const cents = parseQifAmount(amount.value, amount.line);
    if (cents === 0) {
      skipped.push({ line: record.line, reason: 'Zero amount: no money moved.' });
      continue;
    }
    const cell = readDate(date.value);
    if (!cell) throw new ImportError(date.line, `"${date.value}" is not a date.`);
    candidates.push({ record, date: { cell, line: date.line }, cents });
  }
  const order = dateOrder(candidates.map((candidate) => candidate.date), answers.date_order);
  if (order === 'ambiguous') throw dateQuestion(candidates);
  const rows = candidates.map(({ record, date, cents }): StatementRow => {
    const iso = isoDate(date.cell, order);
    if (!iso) throw new ImportError(date.line, `"${record.fields.get('D')?.value ?? ''}" is not a date (read as ${order}).`);
    const memo = record.fields.get('M')?.value;
    const checkNumber = record.fields.get('N')?.value;
    const payee = record.fields.get('P')?.value || memo || (checkNumber && /^\d+$/.test(checkNumber) ? `CHECK ${checkNumber}` : '');
    const row: StatementRow = {
      date: iso,
      amountCents: Math.abs(cents),
      type: cents < 0 ? 'expense' : 'income',
      payee,
      line: record.line,
    };
    // The check number is kept in the ledger's description, which otherwise repeats the payee.
    if (checkNumber && /^\d+$/.test(checkNumber) && !payee.includes(checkNumber)) row.description = `${payee} (check ${checkNumber})`;
    if (memo && memo !== payee) row.memo = memo;
    return row;
  });
  return { rows, skipped, investmentRecords };
}

/** The date question of a QIF file (import-question.ts): its first rows whose dates read two ways, read each way. */
function dateQuestion(candidates: ReadonlyArray<{ record: QifRecord; date: { cell: DateCell; line: number }; cents: number }>): NeedsConfirmationError {
  const rows = candidates.filter(({ date }) => readsTwoWays(date.cell)).slice(0, QUESTION_PREVIEW_ROWS);
  const written = (candidate: (typeof rows)[number]) => candidate.record.fields.get('D')?.value ?? '';
  const [first] = rows;
  return new NeedsConfirmationError({
    kind: 'date_order',
    text: `Every date in this file reads two ways (line ${first?.date.line ?? 1}: "${first ? written(first) : ''}"). Which comes first in its dates, the month or the day?`,
    suggested: 'month-first',
    options: DATE_ORDER_ANSWERS.map((value) => ({
      value,
      label: DATE_ORDER_OPTION_LABELS[value],
      preview: rows.map(({ record, date, cents }) => ({
        line: record.line,
        date: isoDate(date.cell, value === 'day-first' ? 'DD/MM' : 'MM/DD') ?? written({ record, date, cents }),
        payee: record.fields.get('P')?.value ?? '',
        amountCents: Math.abs(cents),
        type: cents < 0 ? ('expense' as const) : ('income' as const),
      })),
    })),
  });
}
