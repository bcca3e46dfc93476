/**
 * RFC 4180 CSV reading from a string. Banks are not always strict, so the reader is lenient
 * wherever the intent is clear (a stray quote inside an unquoted field stays literal, text after a
 * closing quote is kept) and strict only where guessing would shift columns: an unterminated quote.
 */
import { ImportError } from './import-error';

export interface CsvRecord {
  /** 1-based physical line the record starts on (a quoted newline makes a record span lines). */
  line: number;
  fields: string[];
}

const QUOTE = 34;
const CR = 13;
const LF = 10;

/** Counts line breaks in text[from, to): CRLF, LF and a lone CR each count once. */
function countBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c === LF) breaks += 1;
    else if (c === CR && text.charCodeAt(i + 1) !== LF) breaks += 1;
  }
  return breaks;
}

/**
 * Reads CSV text into records with their line numbers. Blank lines are dropped; ragged rows keep
 * the fields they have. A leading UTF-8 byte-order mark is ignored. Throws ImportError naming the
 * line a quoted field opened on when the quote is never closed.
 */
export function readCsv(text: string, delimiter = ','): CsvRecord[] {
  const sep = delimiter.charCodeAt(0);
  const n = text.length;
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let fields: string[] = [];
  let recordLine = 1;
  if (i >= n) return records;

  for (;;) {
    let value: string;
    if (text.charCodeAt(i) === QUOTE) {
      const openLine = line;
      value = '';
      let from = i + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close === -1) throw new ImportError(openLine, 'a quoted field is never closed (a " is missing).');
        value += text.slice(from, close);
        line += countBreaks(text, from, close);
        if (text.charCodeAt(close + 1) === QUOTE) {
          value += '"';
          from = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      // Quoted line breaks become plain '\n' whatever the file used, so memos compare equal.
      if (value.includes('\r')) value = value.replace(/\r\n?/g, '\n');
      // Lenient: text between the closing quote and the next delimiter is kept, not an error.
      const start = i;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === sep || c === CR || c === LF) break;
        i += 1;
      }
      if (i > start) value += text.slice(start, i);
    } else {
      const start = i;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === sep || c === CR || c === LF) break;
        i += 1;
      }
      value = text.slice(start, i);
    }
    fields.push(value);

    if (i >= n) {
      pushRecord(records, recordLine, fields);
      return records;
    }
    const c = text.charCodeAt(i);
    if (c === sep) {
      i += 1;
      if (i >= n) {
        fields.push('');
        pushRecord(records, recordLine, fields);
        return records;
      }
      continue;
    }
    // A line break ends the record.
    i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    line += 1;
    pushRecord(records, recordLine, fields);
    fields = [];
    recordLine = line;
    if (i >= n) return records;
  }
}

function pushRecord(records: CsvRecord[], line: number, fields: string[]): void {
  // A blank line reads as one empty field; it carries nothing, so it is not a record.
  if (fields.length === 1 && fields[0] === '') return;
  records.push({ line, fields });
}
