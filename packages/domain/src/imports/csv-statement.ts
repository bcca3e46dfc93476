/**
 * Bank and card CSV exports → statement rows. Sign convention (which way money moved):
 *
 * 1. `positiveIsExpense` passed by the caller always wins (the person said "this is a card").
 * 2. Debit and Credit (or Withdrawal and Deposit) columns: debit is an expense, credit income,
 *    whatever signs the bank wrote.
 * 3. A trailing CR / DR on an amount says it outright for that row.
 * 4. A Type column (Sale, Purchase, Debit, Return, Credit…): if no amount is negative, each row's
 *    type gives its direction; otherwise the file's convention is learned from it, and only when
 *    every typed row agrees (Chase card files write a Sale as -12.34, others as 12.34).
 * 5. Otherwise the bank convention: negative is an expense. A card export with purchases positive
 *    and no type column (Amex, Discover) cannot be told from a savings account full of deposits,
 *    so it is not guessed: `positiveShare` lets the caller ask the person and parse again.
 */
import type { CurrencyCode } from '../currency/currency-code';
import type { TransactionType } from '../ledger/transactions';
import { findColumns, type CsvColumns } from './csv-columns';
import { type CsvMapping, detectDelimiter, guessDecimal, mappedColumns, normalizeDecimal, parseMappedDate } from './csv-mapping';
import { readCsv, type CsvRecord } from './csv-reader';
import { ImportError } from './import-error';
import { decodeEntities } from './ofx-document';
import { parseAmountCell, parseDateColumn, type ParsedAmount } from './csv-values';
import { statementCurrencyCode } from './statement-currency';
import type { SkippedLine, StatementRow } from './statement-row';

export interface CsvStatementOptions {
  /** True for card exports where a purchase is a positive amount; omit to detect. */
  positiveIsExpense?: boolean;
  /** The person's column mapping, for a file whose columns are not recognised. */
  mapping?: CsvMapping | undefined;
}

export type SignSource = 'option' | 'debit-credit-columns' | 'type-column' | 'default';

export interface CsvStatement {
  rows: StatementRow[];
  headerLine: number;
  /** Lines passed over: summaries, balances, rows without a date or without an amount. */
  skippedLines: number[];
  /** The same lines, each with the reason the person is shown. */
  skipped: SkippedLine[];
  positiveIsExpense: boolean;
  signSource: SignSource;
  /** Share of signed amounts that are positive (0…1); near 1 with signSource 'default' hints a card. */
  positiveShare: number;
  /** The header signature of a mapped file, under which its mapping is remembered; null otherwise. */
  mappedSignature: string | null;
}

const SUMMARY = /^\s*(total\b|(beginning|ending|opening|closing|starting|available|current|previous|new)\s+balance\b)/i;
const EXPENSE_WORDS = new Set(['sale', 'purchase', 'debit', 'dr', 'withdrawal', 'fee', 'charge', 'atm', 'pos']);
const INCOME_WORDS = new Set(['credit', 'cr', 'deposit', 'return', 'refund', 'interest', 'dividend']);

interface Candidate {
  line: number;
  dateCell: string;
  amount: ParsedAmount;
  /** Debit/credit column direction when the file has those columns. */
  columnType: TransactionType | null;
  typeWord: TransactionType | null;
  payee: string;
  description: string;
  memo: string;
  /** The row's currency when the file has a currency column and the cell is filled. */
  currency: CurrencyCode | null;
}

const cell = (record: CsvRecord, index: number | null): string =>
  index === null ? '' : (record.fields[index] ?? '').trim();

/** A text cell, its character references decoded once ('TPAY &lt;DEFTPYMT&gt;' → 'TPAY <DEFTPYMT>'). */
const textCell = (record: CsvRecord, index: number | null): string => decodeEntities(cell(record, index));

/** What a Type cell says about direction, when its words say it unambiguously. */
function typeDirection(value: string): TransactionType | null {
  const words = value.toLowerCase().split(/[^a-z]+/);
  const expense = words.some((w) => EXPENSE_WORDS.has(w));
  const income = words.some((w) => INCOME_WORDS.has(w));
  if (expense === income) return null;
  return expense ? 'expense' : 'income';
}

/** Reads the amount of one data row from Amount, or from Debit and Credit; null when empty. */
function rowAmount(record: CsvRecord, columns: CsvColumns, decimal: '.' | ','): { amount: ParsedAmount; columnType: TransactionType | null } | null {
  const read = (index: number | null) => parseAmountCell(normalizeDecimal(cell(record, index), decimal), record.line);
  const amount = columns.amount === null ? null : read(columns.amount);
  if (amount && amount.cents !== 0) return { amount, columnType: null };
  const debit = read(columns.debit);
  const credit = read(columns.credit);
  const out = debit ? Math.abs(debit.cents) : 0;
  const into = credit ? Math.abs(credit.cents) : 0;
  if (out === 0 && into === 0) return amount ? { amount, columnType: null } : null;
  // Both filled is rare (a fee and its refund on one row): the net decides the direction.
  const net = into - out;
  return { amount: { cents: net, indicator: null }, columnType: net < 0 ? 'expense' : 'income' };
}

/** Learns the file's sign convention; see the rule at the top of this file. */
function signConvention(candidates: readonly Candidate[], options: CsvStatementOptions): { positiveIsExpense: boolean; source: SignSource; perRowType: boolean } {
  if (options.positiveIsExpense !== undefined) return { positiveIsExpense: options.positiveIsExpense, source: 'option', perRowType: false };
  const signed = candidates.filter((c) => c.columnType === null && c.amount.indicator === null);
  if (signed.length === 0) {
    const fromColumns = candidates.some((c) => c.columnType !== null);
    return { positiveIsExpense: false, source: fromColumns ? 'debit-credit-columns' : 'default', perRowType: false };
  }
  const typed = signed.filter((c) => c.typeWord !== null);
  if (typed.length > 0 && signed.every((c) => c.amount.cents > 0) && typed.length === signed.length) {
    return { positiveIsExpense: false, source: 'type-column', perRowType: true };
  }
  let forPositive = 0;
  let forNegative = 0;
  for (const c of typed) {
    if ((c.typeWord === 'expense') === c.amount.cents > 0) forPositive += 1;
    else forNegative += 1;
  }
  if (forPositive > 0 && forNegative === 0) return { positiveIsExpense: true, source: 'type-column', perRowType: false };
  if (forNegative > 0 && forPositive === 0) return { positiveIsExpense: false, source: 'type-column', perRowType: false };
  return { positiveIsExpense: false, source: 'default', perRowType: false };
}

/**
 * Parses a bank or card CSV export. Throws ImportError naming the line for a missing column, a
 * date or amount that cannot be read, or a broken quote; see the file comment for the sign rule.
 */
export function parseCsvStatement(text: string, options: CsvStatementOptions = {}): CsvStatement {
  const mapping = options.mapping;
  const records = readCsv(text, mapping?.delimiter ?? detectDelimiter(text));
  const mapped = mapping ? mappedColumns(records, mapping) : null;
  const columns = mapped ?? findColumns(records);
  const decimal = mapping?.decimal ?? guessDecimal(amountSample(records, columns));
  const skipped: SkippedLine[] = [];
  const skip = (line: number, reason: string) => skipped.push({ line, reason });
  const candidates: Candidate[] = [];
  for (let index = columns.headerIndex + 1; index < records.length; index += 1) {
    const record = records[index] as CsvRecord;
    const dateCell = cell(record, columns.date);
    const payee = textCell(record, columns.payee);
    // A summary ('Total', 'Starting Balance'), 'Pending', or a repeated header: no transaction.
    const summary = SUMMARY.test(payee) ? payee : SUMMARY.test(dateCell) ? dateCell : null;
    if (summary !== null) {
      skip(record.line, `A balance or total line ("${summary.slice(0, 60)}"), not a transaction.`);
      continue;
    }
    if (!/\d/.test(dateCell)) {
      skip(record.line, dateCell === '' ? 'No date.' : `No date ("${dateCell.slice(0, 60)}").`);
      continue;
    }
    const found = rowAmount(record, columns, decimal);
    if (!found || found.amount.cents === 0) {
      skip(record.line, found ? 'Zero amount: no money moved.' : 'No amount.');
      continue;
    }
    const typeCell = cell(record, columns.type);
    const currencyCell = cell(record, columns.currency);
    candidates.push({
      line: record.line,
      dateCell,
      amount: found.amount,
      columnType: found.columnType,
      typeWord: typeCell === '' ? null : typeDirection(typeCell),
      payee,
      description: textCell(record, columns.description),
      memo: textCell(record, columns.memo),
      // An empty cell states nothing: the row is the account's currency, as a file without the column.
      currency: currencyCell === '' ? null : statementCurrencyCode(currencyCell, record.line),
    });
  }
  const dates = mapping
    ? candidates.map((c) => {
        const iso = parseMappedDate(c.dateCell, mapping.date_format);
        if (!iso) throw new ImportError(c.line, `"${c.dateCell}" is not a date in the format ${mapping.date_format}.`);
        return iso;
      })
    : parseDateColumn(candidates.map((c) => ({ cell: c.dateCell, line: c.line })));
  const sign = signConvention(candidates, options);
  let positives = 0;
  const rows = candidates.map((c, index): StatementRow => {
    if (c.amount.cents > 0) positives += 1;
    const row: StatementRow = {
      date: dates[index] as string,
      amountCents: Math.abs(c.amount.cents),
      type: rowType(c, sign),
      payee: c.payee || c.description || c.memo,
      line: c.line,
    };
    if (c.description && c.description !== row.payee) row.description = c.description;
    if (c.memo) row.memo = c.memo;
    if (c.currency !== null) row.currency = c.currency;
    return row;
  });
  return {
    rows,
    headerLine: columns.headerLine,
    skippedLines: skipped.map((line) => line.line),
    skipped,
    positiveIsExpense: sign.positiveIsExpense,
    signSource: sign.source,
    positiveShare: candidates.length === 0 ? 0 : positives / candidates.length,
    mappedSignature: mapped?.signature ?? null,
  };
}

/** Amount cells of the first data rows, enough to tell a decimal comma from a decimal point. */
function amountSample(records: readonly CsvRecord[], columns: CsvColumns): string[] {
  const sample: string[] = [];
  const end = Math.min(records.length, columns.headerIndex + 1 + 200);
  for (let index = columns.headerIndex + 1; index < end; index += 1) {
    const record = records[index] as CsvRecord;
    for (const column of [columns.amount, columns.debit, columns.credit]) if (column !== null) sample.push(cell(record, column));
  }
  return sample;
}

function rowType(c: Candidate, sign: { positiveIsExpense: boolean; perRowType: boolean }): TransactionType {
  if (c.columnType) return c.columnType;
  if (c.amount.indicator) return c.amount.indicator === 'dr' ? 'expense' : 'income';
  if (sign.perRowType && c.typeWord) return c.typeWord;
  const positive = c.amount.cents > 0;
  return positive === sign.positiveIsExpense ? 'expense' : 'income';
}
