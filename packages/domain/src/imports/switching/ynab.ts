/**
 * YNAB's "Export budget data" (new YNAB, 2016 on): a register CSV and an optional budget CSV
 * (ynab-budget.ts). The register's columns, read by name:
 *   "Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo",
 *   "Outflow","Inflow","Cleared"
 * Older files lack "Category Group/Category" (or have only it); "Flag" and "Cleared" are not read.
 * YNAB writes amounts and dates in the person's own formats, so the decimal mark and the date
 * order are decided from the whole column (app-amounts.ts, csv-values.ts).
 *
 * YNAB writes a transfer as two rows, one per account, with the payee "Transfer : <other
 * account>"; a split as consecutive rows whose memo starts "Split (i/n)". Each is read into one
 * AppTransfer / AppTransaction here, so the writer never sees YNAB's shapes.
 */
import { dateOrderOf, parseDateColumn, readDateColumn } from '../csv-values';
import type { DateOrderAnswer } from '../import-question';
import { ImportError } from '../import-error';
import type { AppAccount, AppExport, AppLine, AppTransaction, LeftBehind } from './app-export';
import { decimalMarkOf, parseAppAmount } from './app-amounts';
import { accountCell, accountKindFromName, linesSource, readAppTable, textOrNull } from './reader-support';
import { readYnabBudget, requireYnabCategoryColumns, ynabCategory } from './ynab-budget';
import { resolveTransfers, type Leg } from './ynab-transfers';

const REGISTER = 'a YNAB register export';
const SPLIT = /^Split \((\d+)\/(\d+)\)\s*/i;
const TRANSFER = /^Transfer\s*:\s*(.+)$/;

interface YnabRow {
  line: number;
  account: string;
  date: string;
  payee: string | null;
  category: AppLine['category'];
  memo: string | null;
  amountCents: number;
  split: { index: number; count: number } | null;
  /** The other account of a transfer row. */
  transferTo: string | null;
}

/**
 * Thrown when every date of the register reads both ways (YNAB writes the person's own date
 * format): nothing is guessed, and the upload is repeated with the person's `dateOrder`.
 */
export class YnabDatesAmbiguousError extends ImportError {
  constructor(
    line: number,
    /** A date of the file as written, to show read both ways. */
    readonly example: string,
  ) {
    super(line, `The dates in this YNAB export read both month first and day first (like ${example}), and none of them says which.`, { wholeFile: true });
    this.name = 'YnabDatesAmbiguousError';
  }
}

/**
 * Reads YNAB's register (and budget file, when given) into the common model. `dateOrder` is the
 * person's answer when the dates read both ways; where the file's own dates tell, it is not needed.
 */
export function readYnabExport(register: string, budget: string | null, dateOrder: DateOrderAnswer | null = null): AppExport {
  const table = readAppTable(register, REGISTER, ['Outflow', 'Inflow', 'Account', 'Date', 'Payee', 'Memo']);
  requireYnabCategoryColumns(table, REGISTER);
  const mark = decimalMarkOf(
    table.rows.flatMap((row) =>
      [row.cell('Outflow'), row.cell('Inflow')].map((cell) => ({ cell, line: row.line })),
    ),
  );
  const dates = readDateColumn(table.rows.map((row) => ({ cell: row.cell('Date'), line: row.line })));
  const evident = dateOrderOf(dates);
  if (evident === 'ambiguous' && dateOrder === null) {
    const first = table.rows[0];
    throw new YnabDatesAmbiguousError(first?.line ?? 1, first?.cell('Date') ?? '');
  }
  const order = evident === 'ambiguous' ? (dateOrder ?? 'month-first') : evident;
  const isoDates = parseDateColumn(dates, order);

  const rows = table.rows.map((row, i): YnabRow => {
    const outflow = parseAppAmount(row.cell('Outflow'), row.line, mark) ?? 0;
    const inflow = parseAppAmount(row.cell('Inflow'), row.line, mark) ?? 0;
    const memo = row.cell('Memo');
    const split = SPLIT.exec(memo);
    const payee = row.cell('Payee');
    return {
      line: row.line,
      account: accountCell(row, 'Account'),
      date: isoDates[i] as string,
      payee: textOrNull(payee),
      category: ynabCategory(table, row),
      memo: textOrNull(split ? memo.slice(split[0].length).trim() : memo),
      amountCents: inflow - outflow,
      split: split ? { index: Number(split[1]), count: Number(split[2]) } : null,
      transferTo: TRANSFER.exec(payee)?.[1]?.trim() ?? null,
    };
  });

  const accounts: AppAccount[] = [...new Set(rows.map((row) => row.account))].map((name) => ({
    name,
    kind: accountKindFromName(name),
    currency: null,
  }));
  const leftBehind: LeftBehind[] = [];
  const transactions: AppTransaction[] = [];
  const legs: Leg[] = [];
  for (let i = 0; i < rows.length;) {
    const group = splitGroupAt(rows, i);
    i += group.length;
    if (group.length === 1 && !group[0]?.split)
      readPlainRow(group[0] as YnabRow, transactions, legs, leftBehind);
    else readSplit(group, transactions, legs, leftBehind);
  }
  const transfers = resolveTransfers(legs, new Set(accounts.map((account) => account.name)), leftBehind, transactions);
  return {
    app: 'ynab',
    accounts,
    transactions,
    transfers,
    budgets: budget === null ? [] : readYnabBudget(budget),
    leftBehind,
  };
}

/** The rows of the split starting at `start`: consecutive "Split (i/n)" rows of one account and date. */
function splitGroupAt(rows: readonly YnabRow[], start: number): YnabRow[] {
  const first = rows[start] as YnabRow;
  const group = [first];
  if (!first.split) return group;
  for (let j = start + 1; j < rows.length; j += 1) {
    const row = rows[j] as YnabRow;
    const previous = group[group.length - 1] as YnabRow;
    const continues =
      row.split !== null &&
      row.split.count === first.split.count &&
      row.split.index === (previous.split?.index ?? 0) + 1 &&
      row.account === first.account &&
      row.date === first.date;
    if (!continues) break;
    group.push(row);
  }
  return group;
}

function legOf(row: YnabRow, other: string, inSplit: boolean): Leg {
  return {
    line: row.line,
    account: row.account,
    other,
    date: row.date,
    amountCents: row.amountCents,
    memo: row.memo,
    inSplit,
  };
}

function readPlainRow(
  row: YnabRow,
  transactions: AppTransaction[],
  legs: Leg[],
  leftBehind: LeftBehind[],
): void {
  if (row.amountCents === 0) {
    leftBehind.push({ source: `line ${row.line}`, reason: 'a zero amount' });
    return;
  }
  if (row.transferTo !== null) {
    legs.push(legOf(row, row.transferTo, false));
    return;
  }
  transactions.push({
    source: `line ${row.line}`,
    account: row.account,
    date: row.date,
    payee: row.payee,
    amountCents: row.amountCents,
    memo: row.memo,
    lines: row.category ? [{ category: row.category, amountCents: row.amountCents, memo: null }] : [],
  });
}

/**
 * A split's lines become one transaction with a line each. A line that is a transfer leaves the
 * split: it is paired like any transfer row, so the money still moves between the two accounts.
 */
function readSplit(
  group: readonly YnabRow[],
  transactions: AppTransaction[],
  legs: Leg[],
  leftBehind: LeftBehind[],
): void {
  const lines: AppLine[] = [];
  const lineNumbers: number[] = [];
  for (const row of group) {
    if (row.amountCents === 0) leftBehind.push({ source: `line ${row.line}`, reason: 'a zero amount' });
    else if (row.transferTo !== null) legs.push(legOf(row, row.transferTo, true));
    else {
      lines.push({ category: row.category, amountCents: row.amountCents, memo: row.memo });
      lineNumbers.push(row.line);
    }
  }
  if (lines.length === 0) return;
  const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const source = linesSource(lineNumbers);
  if (amountCents === 0) {
    leftBehind.push({ source, reason: 'a split whose lines add up to zero' });
    return;
  }
  const first = group[0] as YnabRow;
  const payee = group.find((row) => row.transferTo === null)?.payee ?? null;
  transactions.push({
    source,
    account: first.account,
    date: first.date,
    payee,
    amountCents,
    memo: null,
    lines,
  });
}
