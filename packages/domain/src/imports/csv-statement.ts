/**
 * Bank and card CSV exports → statement rows: the header (csv-columns.ts) or the person's mapping
 * (csv-mapping.ts), each row's date, amount and payee, which way its money moved (csv-sign.ts),
 * and the question to ask when the file's evidence disagrees (csv-questions.ts).
 */
import type { TransactionType } from '../ledger/transactions';
import { findColumns, type CsvColumns } from './csv-columns';
import { mappingQuestion } from './csv-headerless';
import { type CsvMapping, detectDelimiter, guessDecimal, mappedColumns, normalizeDecimal, parseMappedDate } from './csv-mapping';
import { dateQuestion, signQuestion } from './csv-questions';
import { readCsv, type CsvRecord } from './csv-reader';
import { type Candidate, type SignConvention, type SignOptions, type SignSource, rowType, signConvention, typeDirection } from './csv-sign';
import { dateOrderOf, parseAmountCell, parseDateColumn, readDateColumn, type ParsedAmount } from './csv-values';
import { ImportError, isNeedsMapping } from './import-error';
import { decodeEntities } from './ofx-document';
import { statementCurrencyCode } from './statement-currency';
import type { SkippedLine, StatementRow } from './statement-row';

export type { SignSource } from './csv-sign';

export interface CsvStatementOptions extends SignOptions {
  /** The person's column mapping, for a file whose columns are not recognised. */
  mapping?: CsvMapping | undefined;
}


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
const cell = (record: CsvRecord, index: number | null): string =>
  index === null ? '' : (record.fields[index] ?? '').trim();

/** A text cell, its character references decoded once ('TPAY &lt;DEFTPYMT&gt;' → 'TPAY <DEFTPYMT>'). */
const textCell = (record: CsvRecord, index: number | null): string => decodeEntities(cell(record, index));

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

/**
 * Parses a bank or card CSV export. Throws ImportError naming the line for a missing column, a
 * date or amount that cannot be read, or a broken quote; see the file comment for the sign rule.
 */
export function parseCsvStatement(text: string, options: CsvStatementOptions = {}): CsvStatement {
  const mapping = options.mapping;
  const records = readCsv(text, mapping?.delimiter ?? detectDelimiter(text));
  const mapped = mapping ? mappedColumns(records, mapping) : null;
  const columns = mapped ?? recognisedColumns(records);
  const decimal = mapping?.decimal ?? guessDecimal(amountSample(records, columns));
  const skipped: SkippedLine[] = [];
  const skip = (line: number, reason: string) => skipped.push({ line, reason });
  const candidates: Candidate[] = [];
  // The Type cell as written, for the sign question's wording.
  const typeCells = new Map<Candidate, string>();
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
    const candidate: Candidate = {
      line: record.line,
      dateCell,
      amount: found.amount,
      columnType: found.columnType,
      typeWord: typeCell === '' ? null : typeDirection(typeCell),
      payee,
      keyPayee: columns.keyPayee === undefined || columns.keyPayee === null ? null : textCell(record, columns.keyPayee),
      description: textCell(record, columns.description),
      memo: textCell(record, columns.memo),
      // An empty cell states nothing: the row is the account's currency, as a file without the column.
      currency: currencyCell === '' ? null : statementCurrencyCode(currencyCell, record.line),
    };
    candidates.push(candidate);
    if (typeCell !== '') typeCells.set(candidate, typeCell);
  }
  const sign = signConvention(candidates, options, typeCells);
  const dates = mapping
    ? candidates.map((c) => {
        const iso = parseMappedDate(c.dateCell, mapping.date_format);
        if (!iso) throw new ImportError(c.line, `"${c.dateCell}" is not a date in the format ${mapping.date_format}.`);
        return iso;
      })
    : readDates(candidates, options, sign);
  if (sign.ask) throw signQuestion(sign.ask, candidates, new Map(candidates.map((c, index) => [c, dates[index] as string])));
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
    // Keyed as before Name won over Description: the empty cell fell back to the name then too.
    if (c.keyPayee) row.keyPayee = c.keyPayee;
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

/** The columns the header names; else the mapping question, by position for a file without a header. */
function recognisedColumns(records: readonly CsvRecord[]): CsvColumns {
  try {
    return findColumns(records);
  } catch (error) {
    if (isNeedsMapping(error)) throw mappingQuestion(records, error);
    throw error;
  }
}

/** The date column read in the order its cells show, the person's answer, or else asked. */
function readDates(candidates: readonly Candidate[], options: CsvStatementOptions, sign: SignConvention): string[] {
  const column = readDateColumn(candidates.map((c) => ({ cell: c.dateCell, line: c.line })));
  // An answer settles the question only where the dates leave it open (DECISIONS.md #95).
  const shown = dateOrderOf(column);
  const order = shown === 'ambiguous' ? options.answers?.date_order : shown;
  if (order === undefined) throw dateQuestion(column, candidates, sign);
  return parseDateColumn(column, order);
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
