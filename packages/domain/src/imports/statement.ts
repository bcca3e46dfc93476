/** One entry point for an uploaded statement file, whatever its format. */
import { parseCsvStatement, type CsvStatementOptions } from './csv-statement';
import { ImportError } from './import-error';
import { looksLikeCamt, parseCamt } from './camt';
import { looksLikeMt940, parseMt940 } from './mt940';
import { detectOfxOrCsv, readOfxStatement } from './ofx';
import { looksLikeQif, parseQif } from './qif';
import type { CurrencyCode } from '../currency/currency-code';
import type { OfxRow, SkippedLine, StatementRow } from './statement-row';

export type StatementFormat = 'csv' | 'ofx' | 'qif' | 'camt' | 'mt940';

/** The format of a statement's text, from its content (never from the file's name). */
export function detectStatementFormat(text: string): StatementFormat {
  const head = text.slice(0, 4096);
  if (looksLikeQif(head)) return 'qif';
  if (/^\s*</.test(head.replace(/^\uFEFF/, '')) && looksLikeCamt(head)) return 'camt';
  if (looksLikeMt940(head)) return 'mt940';
  return detectOfxOrCsv(text);
}

export interface ParsedStatement {
  format: StatementFormat;
  /** OFX rows carry fitId; CSV rows do not. */
  rows: Array<StatementRow | OfxRow>;
  /** Lines that hold no transaction, with the reason, in file order. */
  skipped: SkippedLine[];
  /** An investment statement: how many trades, dividends… it holds that Mindspend does not track. */
  investment: { untracked: number } | null;
  /**
   * The statement's own currency (OFX CURDEF, CAMT account or balance Ccy); null when the file
   * states none for the whole statement. Rows carry theirs (statement-currency.ts checks both).
   */
  currency: CurrencyCode | null;
  /** A CSV read through the person's column mapping: its header signature (csv-mapping.ts). */
  mappedSignature?: string | null;
  /**
   * What the person should know about how the file was read, in plain words: amounts rounded,
   * a file that held no transactions… Shown with the finished import.
   */
  notes: string[];
}

/** How many skipped lines a job keeps to show; the count covers them all. */
export const SKIPPED_LINES_SHOWN = 100;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What the job says of an investment statement: 'This is an investment statement: 3 cash
 * transactions imported; 14 trades and dividends are not tracked by Mindspend.'
 */
export function investmentNotice(imported: number, untracked: number): string {
  const cash = `${plural(imported, 'cash transaction', 'cash transactions')} imported`;
  const rest = untracked === 0 ? '' : `; ${plural(untracked, 'trade or dividend is', 'trades and dividends are')} not tracked by Mindspend`;
  return `This is an investment statement: ${cash}${rest}.`;
}

/**
 * Detects the format from the content and parses it; throws ImportError naming the line. An
 * investment statement without a single cash transaction fails saying so, rather than completing
 * with nothing imported.
 */
export function parseStatementFile(text: string, options: CsvStatementOptions = {}): ParsedStatement {
  const format = detectStatementFormat(text);
  if (format === 'qif') {
    const qif = parseQif(text, options.answers);
    if (qif.investmentRecords > 0 && qif.rows.length === 0) {
      const untracked = plural(qif.investmentRecords, 'trade or dividend is', 'trades and dividends are');
      throw new ImportError(1, `This is an investment account's QIF file; ${untracked} not tracked by Mindspend.`, { wholeFile: true });
    }
    return {
      format,
      rows: qif.rows,
      skipped: qif.skipped,
      investment: qif.investmentRecords > 0 ? { untracked: qif.investmentRecords } : null,
      currency: null,
      notes: [],
    };
  }
  if (format === 'camt') {
    const camt = parseCamt(text);
    return { format, rows: camt.rows, skipped: camt.skipped, investment: null, currency: camt.currency, notes: [] };
  }
  if (format === 'mt940') {
    const mt940 = parseMt940(text);
    return { format, rows: mt940.rows, skipped: mt940.skipped, investment: null, currency: mt940.currency, notes: [] };
  }
  if (format === 'ofx') {
    const { rows, skipped, investment, currency, notes } = readOfxStatement(text);
    if (investment && rows.length === 0) {
      const untracked = plural(investment.untracked, 'trade or dividend is', 'trades and dividends are');
      throw new ImportError(1, `This is an investment statement with no cash transactions to import; ${untracked} not tracked by Mindspend.`, {
        wholeFile: true,
      });
    }
    return { format, rows, skipped, investment, currency, notes };
  }
  // An XML file that is neither OFX nor CAMT.053 has no columns to map: say what it is not.
  if (/^\s*<(?:\?xml|[A-Za-z])/.test(text.slice(0, 512).replace(/^\uFEFF/, ''))) {
    throw new ImportError(1, 'This XML file is neither a CAMT.053 statement nor an OFX file.', { wholeFile: true });
  }
  const csv = parseCsvStatement(text, options);
  return { format, rows: csv.rows, skipped: csv.skipped, investment: null, currency: null, mappedSignature: csv.mappedSignature, notes: [] };
}
