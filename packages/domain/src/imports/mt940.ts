/**
 * SWIFT MT940 customer statements (issue 34), as European banks export them (.sta, .mt940, .txt):
 * lines of tagged fields, `:20:` starting a statement, `:25:` its account, `:60F:` (or `:60M:`
 * on a continuation page) its opening balance, then each transaction as a `:61:` line with an
 * optional `:86:` of information after it, `:62F:` the closing balance, and `-` (or `-}` after a
 * SWIFT block header `{1:...}{2:...}{4:`) ending it. A file may hold several statements.
 *
 * A `:61:` line is: value date YYMMDD, optional entry (booking) date MMDD, the mark (`D` debit,
 * `C` credit, `RD` reversal of a debit = money in, `RC` reversal of a credit = money out), an
 * optional funds code letter, the amount with a decimal comma (`1234,56`, `12,`), the 4-character
 * transaction type (`NTRF`, `NMSC`...), the customer reference, `//` and the bank's reference,
 * and optionally a line of supplementary details. The row's date is the booking date when given,
 * else the value date, as camt.ts takes BookgDt before ValDt. The two-digit year is 20YY: MT940
 * files, and the accounts they come from, are of this century.
 *
 * The bank's reference is the de-duplication key, as OFX's FITID is; a row without one (or with
 * `NONREF`) is keyed like a CSV row (dedupe.ts). The opening balance's currency is each of its
 * statement's rows' currency, so a file of statements in several currencies is refused
 * (statement-currency.ts). Balances and other fields hold no transaction and are passed over.
 */
import type { CurrencyCode } from '../currency/currency-code';
import { MAX_AMOUNT_CENTS, parseIsoDate } from '../ledger/transactions';
import { ImportError } from './import-error';
import { readMt940Details } from './mt940-details';
import { statementCurrencyCode } from './statement-currency';
import type { OfxRow, SkippedLine } from './statement-row';

export interface Mt940Statement {
  rows: OfxRow[];
  skipped: SkippedLine[];
  /** The first statement's currency (its opening balance's); each row carries its own statement's. */
  currency: CurrencyCode | null;
}

/** The SWIFT envelope before the text block: `{1:F01...}{2:I940...}{3:{108:...}}{4:`. */
const BLOCK_HEADER = /^(?:\{[1-3]:(?:[^{}]|\{[^{}]*\})*\}\s*)*\{4:\s*/;

/**
 * True for MT940 text: a `:20:` line first (after the SWIFT envelope, or the few bare lines ABN
 * AMRO writes before it: `ABNANL2A`, `940`, `ABNANL2A`), then `:25:` and a balance or a
 * transaction. A CSV, QIF, OFX or XML file starts otherwise.
 */
export function looksLikeMt940(head: string): boolean {
  const body = head.replace(/^\uFEFF/, '').trimStart().replace(BLOCK_HEADER, '');
  return /^(?:[^:\r\n]{0,35}\r?\n){0,3}:20:/.test(body) && /^:25:/m.test(body) && /^:(?:60[FM]|61):/m.test(body);
}

/** One field of the text block: its tag, the line it starts on and its lines (the first without the tag). */
interface Field {
  tag: string;
  line: number;
  lines: string[];
}

/** The end of a statement: `-`, or `-}` closing the SWIFT text block, maybe with a trailer block. */
const END = /^-\}?(?:\{.*)?$/;
const TAG = /^:(\d{2}[A-Z]?):(.*)$/;

/** The fields of the text in order; `END` marks where a statement ends. Lines before the first tag are a header. */
function readFields(text: string): Field[] {
  const fields: Field[] = [];
  let current: Field | null = null;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .forEach((raw, index) => {
      const line = index + 1;
      let content = raw.trimEnd();
      if (content.startsWith('{')) {
        // A SWIFT envelope: what follows `{4:` on its line is the text block's first line.
        if (!BLOCK_HEADER.test(content)) return;
        content = content.replace(BLOCK_HEADER, '');
        if (content === '') return;
      }
      if (END.test(content)) {
        fields.push({ tag: 'END', line, lines: [] });
        current = null;
        return;
      }
      const tag = TAG.exec(content);
      if (tag) {
        current = { tag: tag[1] as string, line, lines: [tag[2] as string] };
        fields.push(current);
      } else if (current !== null && content.trim() !== '') {
        current.lines.push(content);
      }
    });
  return fields;
}

/** `C261001EUR1234,56` (mark, date, currency, amount): the currency. */
function openingCurrency(field: Field): CurrencyCode {
  const code = /^[CD]\d{6}([A-Za-z]{3})\d/.exec(field.lines[0]?.trim() ?? '')?.[1];
  if (code === undefined) {
    throw new ImportError(field.line, 'this opening balance is not readable (expected a mark, date, currency and amount such as C261001EUR1234,56).');
  }
  return statementCurrencyCode(code, field.line);
}

/** Value date, entry date, mark, funds code, amount, transaction type, references. */
const TRANSACTION = /^(\d{2})(\d{2})(\d{2})(\d{4})?(RD|RC|D|C)[A-Z]?(\d+(?:,\d*)?)([A-Z][A-Z0-9]{3})(.*)$/;

/** `1234,56`, `12,`, `0,5` to cents, never through a float; digits beyond the cent must be zeros. */
function parseMt940Amount(value: string, line: number): number {
  const [whole = '', frac = ''] = value.split(',');
  if (frac.length > 2 && !/^0+$/.test(frac.slice(2))) {
    throw new ImportError(line, `"${value}" has more than two decimal places; an amount is read to the cent.`);
  }
  const cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) {
    throw new ImportError(line, `"${value}" is larger than the largest amount allowed ($99,999,999.99).`);
  }
  return cents;
}

/**
 * The booking date MMDD in the year that puts it nearest the value date: a December booking of a
 * January value date is of the year before, a January booking of a December value date the next.
 */
function entryDate(valueYear: number, valueMonth: number, mmdd: string): string {
  const month = Number(mmdd.slice(0, 2));
  const year = month - valueMonth > 6 ? valueYear - 1 : valueMonth - month > 6 ? valueYear + 1 : valueYear;
  return `${year}-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`;
}

/** A `:61:` line read: everything a row needs but the `:86:` information. */
interface Transaction {
  line: number;
  date: string;
  cents: number;
  type: OfxRow['type'];
  /** The customer's reference, unless `NONREF`. */
  reference: string | undefined;
  /** The bank's reference, unless absent or `NONREF`: the row's fitId. */
  bankReference: string | null;
  supplementary: string | undefined;
}

const reference = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' || trimmed.toUpperCase() === 'NONREF' ? undefined : trimmed;
};

function readTransaction(field: Field): Transaction {
  const first = field.lines[0]?.trim() ?? '';
  const match = TRANSACTION.exec(first);
  if (!match) {
    throw new ImportError(
      field.line,
      `this :61: transaction line is not readable ("${first.slice(0, 40)}"); expected value date YYMMDD, D or C, amount and type, such as 2610051005D12,50NTRFNONREF.`,
    );
  }
  const [yy, mm, dd] = [match[1] as string, match[2] as string, match[3] as string];
  const [entry, mark, amount, references] = [match[4], match[5] as string, match[6] as string, match[8] as string];
  const valueDate = `20${yy}-${mm}-${dd}`;
  if (!parseIsoDate(valueDate)) throw new ImportError(field.line, `"${yy}${mm}${dd}" is not a value date (expected YYMMDD).`);
  const date = entry === undefined ? valueDate : entryDate(2000 + Number(yy), Number(mm), entry);
  if (!parseIsoDate(date)) throw new ImportError(field.line, `"${entry ?? ''}" is not an entry date (expected MMDD).`);
  // The bank's reference is everything after the first `//`, slashes and all.
  const slashes = references.indexOf('//');
  const [customer, bank] = slashes === -1 ? [references, undefined] : [references.slice(0, slashes), references.slice(slashes + 2)];
  const supplementary = field.lines.slice(1).join(' ').replace(/\s+/g, ' ').trim();
  return {
    line: field.line,
    date,
    cents: parseMt940Amount(amount, field.line),
    // A reversed debit gives the money back; a reversed credit takes it away.
    type: mark === 'D' || mark === 'RC' ? 'expense' : 'income',
    reference: reference(customer),
    bankReference: reference(bank) ?? null,
    supplementary: supplementary === '' ? undefined : supplementary,
  };
}

/** The row of a transaction and the `:86:` lines that follow it (none when it has none). */
function toRow(transaction: Transaction, information: readonly string[], currency: CurrencyCode | null): OfxRow {
  const details = information.length === 0 ? {} : readMt940Details(information);
  const payee = details.name ?? details.purpose ?? transaction.reference ?? transaction.supplementary ?? details.postingText ?? '';
  const row: OfxRow = {
    fitId: transaction.bankReference,
    date: transaction.date,
    amountCents: transaction.cents,
    type: transaction.type,
    payee,
    line: transaction.line,
  };
  if (currency !== null) row.currency = currency;
  if (details.purpose !== undefined && details.purpose !== payee) row.memo = details.purpose;
  return row;
}

/** Parses every transaction of every statement of an MT940 file; throws ImportError naming the line. */
export function parseMt940(text: string): Mt940Statement {
  // An MT942 interim report looks alike but has no opening balance (so no currency to check) and
  // lists entries not yet booked, as CAMT.052 does: refused, saying what to upload instead.
  if (/^:34F:/m.test(text) || /\{2:[IO]942/.test(text)) {
    throw new ImportError(1, 'This is an MT942 interim transaction report; upload the MT940 end-of-day statement instead.', { wholeFile: true });
  }
  const rows: OfxRow[] = [];
  const skipped: SkippedLine[] = [];
  let first: CurrencyCode | null = null;
  let currency: CurrencyCode | null = null;
  // The transaction a `:86:` right after it belongs to; null once another field came between.
  let pending: { transaction: Transaction; currency: CurrencyCode | null } | null = null;
  const flush = (information: readonly string[] = []) => {
    if (pending !== null) rows.push(toRow(pending.transaction, information, pending.currency));
    pending = null;
  };
  for (const field of readFields(text)) {
    if (field.tag === '86') {
      flush(field.lines);
      continue;
    }
    flush();
    if (field.tag === '20' || field.tag === 'END') currency = null;
    else if (field.tag === '60F' || field.tag === '60M') {
      currency = openingCurrency(field);
      first ??= currency;
    } else if (field.tag === '61') {
      const transaction = readTransaction(field);
      if (transaction.cents === 0) skipped.push({ line: field.line, reason: 'Zero amount: no money moved.' });
      else pending = { transaction, currency };
    }
  }
  flush();
  return { rows, skipped, currency: first };
}
