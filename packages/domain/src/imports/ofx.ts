/**
 * OFX statements: 1.x (SGML, leaf tags without closing tags, `OFXHEADER:100` header lines), 2.x
 * (XML with `<?OFX …?>`) and QFX (Quicken's OFX). One tag scanner reads both: only STMTTRN
 * aggregates and their leaves matter, and aggregates close in both dialects.
 */
import { MAX_AMOUNT_CENTS, parseIsoDate } from '../ledger/transactions';
import { ImportError } from './import-error';
import type { OfxRow } from './statement-row';

export type StatementFormat = 'ofx' | 'csv';

/** 'ofx' when the text carries an OFX header or an <OFX> root near its start, else 'csv'. */
export function detectStatementFormat(text: string): StatementFormat {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '').trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\b/i.test(head)) return 'ofx';
  if (/^<\?xml\b/i.test(head) && /<OFX\s*>/i.test(head)) return 'ofx';
  return /^<OFX\s*>/i.test(head) || /^[A-Z]+:[^\n]*\r?\n(?:[A-Z]+:[^\n]*\r?\n)*\s*<OFX>/i.test(head) ? 'ofx' : 'csv';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** DTPOSTED: YYYYMMDD[HHMMSS[.XXX]][[±hh[.mm]:TZ]] → the calendar date the bank wrote. */
export function parseOfxDate(value: string, line: number): string {
  const match = /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d{1,6})?)?)?)?\s*(?:\[[+-]?\d+(?:\.\d+)?(?::[A-Za-z]+)?\])?$/.exec(value);
  const iso = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  if (!match || !parseIsoDate(iso)) throw new ImportError(line, `"${value}" is not an OFX date (expected YYYYMMDD).`);
  return iso;
}

/** TRNAMT: a signed decimal; OFX allows a comma as the decimal mark. Returns signed cents. */
export function parseOfxAmount(value: string, line: number): number {
  const match = /^([-+])?(\d*)(?:[.,](\d*))?$/.exec(value.trim());
  const whole = match?.[2] ?? '';
  const frac = match?.[3] ?? '';
  if (!match || (whole === '' && frac === '') || (frac.length > 2 && !/^0+$/.test(frac.slice(2)))) {
    throw new ImportError(line, `"${value}" is not an amount.`);
  }
  const cents = Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) {
    throw new ImportError(line, `"${value}" is larger than the largest amount allowed ($99,999,999.99).`);
  }
  return match[1] === '-' ? -cents : cents;
}

interface OpenTransaction {
  line: number;
  fields: Record<string, { value: string; line: number } | undefined>;
}

/**
 * Parses every STMTTRN of an OFX/QFX file (bank and card statements alike). A file cut short — a
 * transaction never closed, or no closing </OFX> — fails naming the line, because silently
 * importing part of a statement would look like a complete import.
 */
export function parseOfx(text: string): OfxRow[] {
  const start = text.search(/<OFX\s*>/i);
  if (start === -1) throw new ImportError(1, 'this is not an OFX file (no <OFX> element found).');
  const rows: OfxRow[] = [];
  const tag = /<(\/?)([A-Za-z0-9._]+)[^>]*>([^<]*)/g;
  tag.lastIndex = start;
  // Old Mac-style files end lines with a lone CR; everything else has LF.
  const lineBreak = text.includes('\n') ? '\n' : '\r';
  let line = 1 + countLines(text, 0, start, lineBreak);
  let position = start;
  let open: OpenTransaction | null = null;
  let closed = false;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    line += countLines(text, position, match.index, lineBreak);
    position = match.index;
    const name = (match[2] ?? '').toUpperCase();
    const isClose = match[1] === '/';
    if (name === 'STMTTRN') {
      if (!isClose && open) throw unclosed(open.line);
      if (isClose) {
        if (!open) throw new ImportError(line, 'a </STMTTRN> closes a transaction that never opened.');
        const row = toRow(open);
        if (row) rows.push(row);
        open = null;
      } else open = { line, fields: {} };
    } else if (open && !isClose) {
      const value = decodeEntities((match[3] ?? '').trim());
      if (value !== '') open.fields[name] = { value, line };
    } else if (open && isClose && /^(BANKTRANLIST|STMTRS|CCSTMTRS|OFX)$/.test(name)) {
      throw unclosed(open.line);
    } else if (isClose && name === 'OFX') {
      closed = true;
      break;
    }
  }
  if (open) throw unclosed(open.line);
  if (!closed) {
    const lastLine = 1 + countLines(text, 0, text.trimEnd().length, lineBreak);
    throw new ImportError(lastLine, 'the file ends before the statement does (no closing </OFX>); it looks cut off.');
  }
  return rows;
}

function unclosed(line: number): ImportError {
  return new ImportError(line, 'this transaction is never closed (no </STMTTRN>); the file looks cut off.');
}

/** Line breaks in text[from, to); indexOf keeps this fast on multi-megabyte files. */
function countLines(text: string, from: number, to: number, lineBreak: string): number {
  let lines = 0;
  for (let i = text.indexOf(lineBreak, from); i !== -1 && i < to; i = text.indexOf(lineBreak, i + 1)) lines += 1;
  return lines;
}

function toRow(open: OpenTransaction): OfxRow | null {
  const get = (name: string) => (Object.hasOwn(open.fields, name) ? open.fields[name] : undefined);
  const posted = get('DTPOSTED') ?? get('DTUSER');
  if (!posted) throw new ImportError(open.line, 'this transaction has no DTPOSTED date.');
  const amount = get('TRNAMT');
  if (!amount) throw new ImportError(open.line, 'this transaction has no TRNAMT amount.');
  const cents = parseOfxAmount(amount.value, amount.line);
  // A zero amount moves no money (card authorizations); there is nothing to record.
  if (cents === 0) return null;
  const name = get('NAME')?.value ?? get('PAYEE')?.value ?? '';
  const memo = get('MEMO')?.value;
  const row: OfxRow = {
    fitId: get('FITID')?.value ?? null,
    date: parseOfxDate(posted.value, posted.line),
    amountCents: Math.abs(cents),
    type: cents < 0 ? 'expense' : 'income',
    payee: name || memo || '',
    line: open.line,
  };
  if (memo !== undefined && memo !== row.payee) row.memo = memo;
  const trnType = get('TRNTYPE')?.value;
  if (trnType) row.trnType = trnType.toUpperCase();
  return row;
}
