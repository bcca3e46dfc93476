/** The one error a statement parser throws: what was wrong and on which line of the file. */

/**
 * A file the importer cannot read. `line` is 1-based and counts physical lines of the file, so
 * the person can open it in a text editor and find the spot; the message already names the line.
 */
export class ImportError extends Error {
  readonly line: number;
  readonly detail: string;

  /** With `wholeFile`, the detail is about the file as a whole and the message names no line. */
  constructor(line: number, detail: string, options: { wholeFile?: boolean } = {}) {
    super(options.wholeFile ? detail : `Line ${line}: ${detail}`);
    this.name = 'ImportError';
    this.line = line;
    this.detail = detail;
  }
}

/** True for errors raised by the import parsers (safe to show to the person as they are). */
export function isImportError(error: unknown): error is ImportError {
  return error instanceof ImportError;
}

/** Thrown when a CSV's header names no date, amount or payee Mindspend knows: the person maps it. */
export class NeedsMappingError extends ImportError {
  /**
   * The header cells of the row that looked most like a header, or for a file without a header
   * row the columns' 1-based positions ('1', '2', …).
   */
  readonly columns: string[];
  /** One value of each column from the first data row, to tell the columns apart; [] when unknown. */
  readonly samples: string[];
  /** False when the file has no header row: its first line is already a transaction. */
  readonly hasHeader: boolean;

  constructor(line: number, detail: string, columns: string[], found: { samples?: string[]; hasHeader?: boolean } = {}) {
    super(line, detail);
    this.name = 'NeedsMappingError';
    this.columns = columns;
    this.samples = found.samples ?? [];
    this.hasHeader = found.hasHeader ?? true;
  }
}

export function isNeedsMapping(error: unknown): error is NeedsMappingError {
  return error instanceof NeedsMappingError;
}
