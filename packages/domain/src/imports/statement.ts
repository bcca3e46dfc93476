/** One entry point for an uploaded statement file, whatever its format. */
import { parseCsvStatement, type CsvStatementOptions } from './csv-statement';
import { detectStatementFormat, parseOfx, type StatementFormat } from './ofx';
import type { OfxRow, StatementRow } from './statement-row';

export interface ParsedStatement {
  format: StatementFormat;
  /** OFX rows carry fitId; CSV rows do not. */
  rows: Array<StatementRow | OfxRow>;
}

/** Detects the format from the content and parses it; throws ImportError naming the line. */
export function parseStatementFile(text: string, options: CsvStatementOptions = {}): ParsedStatement {
  const format = detectStatementFormat(text);
  const rows = format === 'ofx' ? parseOfx(text) : parseCsvStatement(text, options).rows;
  return { format, rows };
}
