/**
 * Amount cells written in a person's own number format, as YNAB writes them: "$1,234.56",
 * "1.234,56€", "-kr 12,50", "CHF 1'234.50". The decimal mark is decided once for the whole file
 * (a file mixing both is refused) because "1,234" alone could be either; digits go straight to
 * integer cents, never through a float.
 */
import { MAX_AMOUNT_CENTS } from '../../ledger/transactions';
import { ImportError } from '../import-error';

export type DecimalMark = '.' | ',';

/** Spaces (also no-break and narrow no-break) and apostrophes group thousands in some locales. */
const GROUPING = "[ \\u00a0\\u202f']";

/**
 * The file's decimal mark, from every amount cell: a mark followed by one or two final digits,
 * or the last of two different marks, is decimal. Cells that say nothing ("$12", "1,234") do not
 * vote. With no vote, a dot followed by three digits is a thousands dot ("1.234 kr"), else '.'.
 */
export function decimalMarkOf(cells: ReadonlyArray<{ cell: string; line: number }>): DecimalMark {
  let dot: number | null = null;
  let comma: number | null = null;
  let dotGroups = false;
  for (const { cell, line } of cells) {
    const core = cell.replace(/[^\d.,]/g, '');
    const lastDot = core.lastIndexOf('.');
    const lastComma = core.lastIndexOf(',');
    let mark: DecimalMark | null = null;
    if (lastDot !== -1 && lastComma !== -1) mark = lastDot > lastComma ? '.' : ',';
    else if (lastDot !== -1 && /\.\d{1,2}$/.test(core) && core.indexOf('.') === lastDot) mark = '.';
    else if (lastComma !== -1 && /,\d{1,2}$/.test(core) && core.indexOf(',') === lastComma) mark = ',';
    if (mark === '.') dot ??= line;
    if (mark === ',') comma ??= line;
    if (/\.\d{3}(?!\d)/.test(core) && mark !== '.') dotGroups = true;
  }
  if (dot !== null && comma !== null) {
    throw new ImportError(
      Math.max(dot, comma),
      'the amounts use both a decimal point and a decimal comma, so none can be read safely.',
    );
  }
  if (dot !== null) return '.';
  if (comma !== null) return ',';
  return dotGroups ? ',' : '.';
}

/**
 * Parses one amount cell to signed cents with the file's decimal mark; null for an empty cell.
 * A currency symbol or code may stand before or after the number, the sign before or after the
 * symbol, or the amount in parentheses. Anything else is refused, naming the line.
 */
export function parseAppAmount(cell: string, line: number, mark: DecimalMark): number | null {
  const text = cell.trim();
  if (text === '') return null;
  const first = text.search(/\d/);
  if (first === -1) throw notAnAmount(text, line);
  let last = text.length - 1;
  while (!/\d/.test(text.charAt(last))) last -= 1;
  const outside = text.slice(0, first) + ' ' + text.slice(last + 1);
  // Around the digits: a currency symbol or code, a sign, parentheses, and spaces.
  if (!/^[\s\p{Sc}\p{L}.()+\-\u2212]*$/u.test(outside)) throw notAnAmount(text, line);
  const minus = (outside.match(/[-\u2212]/g) ?? []).length;
  const parens = outside.includes('(') && outside.includes(')');
  if (minus > 1 || (minus === 1 && parens) || outside.includes('(') !== outside.includes(')'))
    throw notAnAmount(text, line);

  const core = text.slice(first, last + 1);
  const group = mark === '.' ? `(?:,|${GROUPING})` : `(?:\\.|${GROUPING})`;
  const decimal = mark === '.' ? '\\.' : ',';
  const shape = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}(\\d{1,2}))?$`);
  const match = shape.exec(core);
  if (!match) throw notAnAmount(text, line);
  const whole = (match[1] ?? '0').replace(/\D/g, '');
  const cents = Number(whole) * 100 + Number(((match[2] ?? '') + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) {
    throw new ImportError(line, `"${text}" is larger than the largest amount allowed.`);
  }
  return (minus === 1 || parens) && cents !== 0 ? -cents : cents;
}

function notAnAmount(text: string, line: number): ImportError {
  return new ImportError(line, `"${text}" is not an amount.`);
}
