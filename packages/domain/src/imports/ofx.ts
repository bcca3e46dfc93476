/**
 * OFX statements: 1.x (SGML, leaf tags without closing tags, `OFXHEADER:100` header lines, also
 * inside a comment as ofxstatement writes them), 2.x (XML with `<?OFX …?>`) and QFX (Quicken's
 * OFX), read through ofx-document.ts. Bank and card statements give their STMTTRNs; an investment
 * statement (INVSTMTRS) gives the cash transactions of its INVBANKTRANs, and says how many trades
 * and dividends it holds that Mindspend does not track.
 *
 * What the person should know about how the file was read comes back as notes (issue 34): amounts
 * written with more than two decimals and rounded to the cent, and a file, or an account in it,
 * that held no transactions at all (which otherwise finished as a silent import of nothing).
 */
import { MAX_AMOUNT_CENTS, parseIsoDate } from '../ledger/transactions';
import { ImportError } from './import-error';
import type { CurrencyCode } from '../currency/currency-code';
import { firstCurdef, transactionCurrency, transactionsWithCurdef } from './ofx-currency';
import { type OfxElement, findAll, leaf, lineOf, readOfxDocument } from './ofx-document';
import type { OfxRow, SkippedLine } from './statement-row';

/** Leading XML declarations, processing instructions and comments, which say nothing of the format. */
const PROLOGUE = /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->))*\s*/;

/** 'ofx' when the text carries an OFX header or an <OFX> root near its start, else 'csv'. */
export function detectOfxOrCsv(text: string): 'ofx' | 'csv' {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '').trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\b/i.test(head)) return 'ofx';
  if (/^<\?xml\b/i.test(head) && /<OFX\s*>/i.test(head)) return 'ofx';
  // ofxstatement writes its header lines inside a comment: <!-- OFXHEADER:100 … --> <OFX>
  const body = head.replace(PROLOGUE, '');
  return /^<OFX\s*>/i.test(body) || /^[A-Z]+:[^\n]*\r?\n(?:[A-Z]+:[^\n]*\r?\n)*\s*<OFX>/i.test(body) ? 'ofx' : 'csv';
}

/** DTPOSTED: YYYYMMDD[HHMMSS[.XXX]][[±hh[.mm]:TZ]] → the calendar date the bank wrote. */
export function parseOfxDate(value: string, line: number): string {
  const match = /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d{1,6})?)?)?)?\s*(?:\[[+-]?\d+(?:\.\d+)?(?::[A-Za-z]+)?\])?$/.exec(value);
  const iso = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  if (!match || !parseIsoDate(iso)) throw new ImportError(line, `"${value}" is not an OFX date (expected YYYYMMDD).`);
  return iso;
}

/** An amount as read: signed cents, and whether digits beyond the cent were rounded away. */
export interface OfxAmount {
  cents: number;
  rounded: boolean;
}

/**
 * TRNAMT: a signed decimal; OFX allows a comma as the decimal mark. Some banks write sub-cent
 * amounts (`+00000000000115.8331`): those are rounded half-even to the cent (115.8331 → 115.83,
 * 0.125 → 0.12, 0.135 → 0.14), the rounding banks and accountants use, so that rounding a file's
 * many amounts adds no drift either way.
 */
export function readOfxAmount(value: string, line: number): OfxAmount {
  const match = /^([-+])?(\d*)(?:[.,](\d*))?$/.exec(value.trim());
  const whole = match?.[2] ?? '';
  const frac = match?.[3] ?? '';
  if (!match || (whole === '' && frac === '')) throw new ImportError(line, `"${value}" is not an amount.`);
  const truncated = Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
  const beyond = frac.slice(2).replace(/0+$/, '');
  const cents = truncated + (roundsUp(beyond, truncated) ? 1 : 0);
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) {
    throw new ImportError(line, `"${value}" is larger than the largest amount allowed ($99,999,999.99).`);
  }
  return { cents: match[1] === '-' ? -cents : cents, rounded: beyond !== '' };
}

/** Half-even: the digits after the cent ('5', '8331') round up above one half, and at exactly half to an even cent. */
function roundsUp(beyond: string, truncatedCents: number): boolean {
  if (beyond === '') return false;
  if (beyond === '5') return truncatedCents % 2 === 1;
  return beyond[0] !== undefined && beyond[0] >= '5';
}

/** TRNAMT in signed cents, rounded to the cent as readOfxAmount says. */
export function parseOfxAmount(value: string, line: number): number {
  return readOfxAmount(value, line).cents;
}

/** What an OFX file holds: its cash transactions, the lines passed over, and investment counts. */
export interface OfxStatement {
  rows: OfxRow[];
  skipped: SkippedLine[];
  /** Present for an investment statement (INVSTMTRS): trades, dividends… Mindspend does not track. */
  investment: { untracked: number } | null;
  /** The statement's default currency (its first CURDEF); each row carries its own. */
  currency: CurrencyCode | null;
  /** How the file was read, in plain words: amounts rounded, no transactions… One note per kind. */
  notes: string[];
}

/** Investment activity other than cash (INVBANKTRAN): buys, sells, income, reinvestments, splits… */
const INVESTMENT_ACTIVITY = [
  'BUYDEBT', 'BUYMF', 'BUYOPT', 'BUYOTHER', 'BUYSTOCK', 'CLOSUREOPT', 'INCOME', 'INVEXPENSE', 'JRNLFUND', 'JRNLSEC',
  'MARGININTEREST', 'REINVEST', 'RETOFCAP', 'SELLDEBT', 'SELLMF', 'SELLOPT', 'SELLOTHER', 'SELLSTOCK', 'SPLIT', 'TRANSFER',
];

/** Reads every cash transaction of an OFX/QFX file (bank, card and investment statements). */
export function readOfxStatement(text: string): OfxStatement {
  const ofx = readOfxDocument(text);
  const rows: OfxRow[] = [];
  const skipped: SkippedLine[] = [];
  const rounded: RoundedAmount[] = [];
  for (const entry of transactionsWithCurdef(ofx)) {
    const { row, rounding } = toRow(entry.transaction);
    if (rounding) rounded.push(rounding);
    const currency = transactionCurrency(entry);
    if (row && currency !== undefined) row.currency = currency;
    if (row) rows.push(row);
    // A zero amount moves no money (card authorizations); there is nothing to record.
    else skipped.push({ line: lineOf(entry.transaction), reason: 'Zero amount: no money moved.' });
  }
  const statements = findAll(ofx, 'INVSTMTRS');
  let investment: OfxStatement['investment'] = null;
  if (statements.length > 0) {
    let untracked = 0;
    for (const statement of statements) {
      for (const list of findAll(statement, 'INVTRANLIST')) {
        for (const name of INVESTMENT_ACTIVITY) {
          const value = list[name];
          if (value !== undefined) untracked += Array.isArray(value) ? value.length : 1;
        }
      }
    }
    investment = { untracked };
  }
  const notes = [roundingNote(rounded), emptyAccountsNote(ofx, rows.length + skipped.length)].filter((note): note is string => note !== null);
  return { rows, skipped, investment, currency: firstCurdef(ofx), notes };
}

/** The cash transactions of an OFX/QFX file. */
export function parseOfx(text: string): OfxRow[] {
  return readOfxStatement(text).rows;
}

/** An amount rounded to the cent: where, as written, and the cents it became. */
interface RoundedAmount {
  line: number;
  written: string;
  cents: number;
}

/** '+00000000000115.8331' → '115.8331': the amount as a person would write it. */
function plainAmount(written: string): string {
  const trimmed = written.trim().replace(/^\+/, '').replace(',', '.');
  const sign = trimmed.startsWith('-') ? '-' : '';
  const digits = trimmed.replace(/^-/, '').replace(/^0+(?=\d)/, '');
  return sign + (digits.startsWith('.') ? `0${digits}` : digits);
}

function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One note for the whole file, naming the first amount: a note per row would bury the others. */
function roundingNote(rounded: readonly RoundedAmount[]): string | null {
  const first = rounded[0];
  if (first === undefined) return null;
  const count = rounded.length === 1 ? '1 amount had' : `${rounded.length} amounts had`;
  const were = rounded.length === 1 ? 'was' : 'were';
  return `${count} more than two decimal places and ${were} rounded to the cent (line ${first.line}: ${plainAmount(first.written)} → ${centsText(first.cents)}).`;
}

/** Statement aggregates: bank, credit card and investment. */
const STATEMENTS = ['STMTRS', 'CCSTMTRS', 'INVSTMTRS'];

/** '…1234': the end of an account number, as statements print it. */
function accountLabel(statement: OfxElement): string | null {
  const from = ['BANKACCTFROM', 'CCACCTFROM', 'INVACCTFROM'].flatMap((name) => findAll(statement, name))[0];
  const id = from === undefined ? undefined : leaf(from, 'ACCTID')?.value.trim();
  if (id === undefined || id === '') return null;
  return id.length > 4 ? `…${id.slice(-4)}` : id;
}

const listOf = (labels: readonly string[]) =>
  labels.length === 1 ? `account ${labels[0] as string}` : `accounts ${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1] as string}`;

/**
 * A file with no transactions finished as an import of nothing, with no word why. Says so, naming
 * the account when the file does; in a file of several accounts, says which held transactions
 * (all of them were read) and which held none.
 */
function emptyAccountsNote(ofx: OfxElement, transactions: number): string | null {
  const statements = STATEMENTS.flatMap((name) => findAll(ofx, name));
  // Transactions outside any statement aggregate (a bank that leaves STMTRS out) were read too.
  if (statements.length === 0) return transactions === 0 ? 'The file holds no transactions.' : null;
  const isEmpty = (statement: OfxElement) => findAll(statement, 'STMTTRN').length === 0;
  const empty = statements.filter(isEmpty);
  if (empty.length === 0) return null;
  if (statements.length === 1) {
    const label = accountLabel(statements[0] as OfxElement);
    return label === null ? 'The file holds no transactions.' : `The file holds no transactions for account ${label}.`;
  }
  const labels = (list: readonly OfxElement[]) => list.map((statement, index) => accountLabel(statement) ?? `#${index + 1}`);
  if (empty.length === statements.length) return `The file holds no transactions for ${listOf(labels(statements))}.`;
  const read = labels(statements.filter((statement) => !isEmpty(statement)));
  return `The file holds ${statements.length} accounts: transactions were read from ${listOf(read)}; ${listOf(labels(empty))} held none.`;
}

/** One transaction read: its row (null for a zero amount), and the rounding its amount needed. */
interface ReadTransaction {
  row: OfxRow | null;
  rounding: RoundedAmount | null;
}

function toRow(transaction: OfxElement): ReadTransaction {
  const line = lineOf(transaction);
  const posted = leaf(transaction, 'DTPOSTED') ?? leaf(transaction, 'DTUSER');
  if (!posted) throw new ImportError(line, 'this transaction has no DTPOSTED date.');
  const amount = leaf(transaction, 'TRNAMT');
  if (!amount) throw new ImportError(line, 'this transaction has no TRNAMT amount.');
  const { cents, rounded } = readOfxAmount(amount.value, amount.line);
  const rounding = rounded ? { line: amount.line, written: amount.value, cents } : null;
  if (cents === 0) return { row: null, rounding };
  const { payee, memo } = payeeAndMemo(transaction);
  const row: OfxRow = {
    fitId: leaf(transaction, 'FITID')?.value ?? null,
    date: parseOfxDate(posted.value, posted.line),
    amountCents: Math.abs(cents),
    type: cents < 0 ? 'expense' : 'income',
    payee,
    line,
  };
  if (memo !== undefined && memo !== row.payee) row.memo = memo;
  const trnType = leaf(transaction, 'TRNTYPE')?.value;
  if (trnType) row.trnType = trnType.toUpperCase();
  return { row, rounding };
}

/**
 * Words a card payment's NAME holds instead of the merchant: the scheme (CB is Carte Bancaire),
 * 'CARTE', 'POS'… Banque Populaire writes `<NAME>130722 CB****6516` and the merchant in MEMO.
 */
const CARD_WORDS = new Set(['CB', 'CARTE', 'CARD', 'POS', 'VISA', 'MC', 'MASTERCARD', 'MAESTRO', 'DEBIT', 'PAIEMENT', 'PAR']);

/**
 * True when a NAME names no one: only card words, masked card numbers ('CB****6516', 'XXXX1234'),
 * dates and references (digits and punctuation, '130722').
 */
export function isReferenceStub(name: string): boolean {
  const words = name.toUpperCase().split(/\s+/).filter((word) => word !== '');
  return words.length > 0 && words.every((word) => CARD_WORDS.has(word) || /^[^\p{L}]+$/u.test(word) || /^(?:CB|CARTE|CARD)?(?:[X*]+\d+|[X*]{2,}\d*)$/.test(word));
}

/**
 * The payee is NAME (or PAYEE), else MEMO, else the check number. When NAME is a reference stub
 * and MEMO holds words, MEMO names the merchant and the stub becomes the memo, so nothing is lost.
 */
function payeeAndMemo(transaction: OfxElement): { payee: string; memo: string | undefined } {
  const name = leaf(transaction, 'NAME')?.value ?? leaf(transaction, 'PAYEE')?.value ?? nestedPayee(transaction) ?? '';
  const memo = leaf(transaction, 'MEMO')?.value;
  if (name !== '' && memo !== undefined && isReferenceStub(name) && !isReferenceStub(memo)) return { payee: memo, memo: name };
  const checkNumber = leaf(transaction, 'CHECKNUM')?.value;
  return { payee: name || memo || (checkNumber ? `CHECK ${checkNumber}` : ''), memo };
}

/** <PAYEE> may be an aggregate with its own <NAME> (bill payments). */
function nestedPayee(transaction: OfxElement): string | undefined {
  const payee = transaction.PAYEE;
  return payee !== undefined && typeof payee === 'object' && !Array.isArray(payee) ? leaf(payee, 'NAME')?.value : undefined;
}
