/**
 * OFX statements: 1.x (SGML, leaf tags without closing tags, `OFXHEADER:100` header lines, also
 * inside a comment as ofxstatement writes them), 2.x (XML with `<?OFX …?>`) and QFX (Quicken's
 * OFX), read through ofx-document.ts. Bank and card statements give their STMTTRNs; an investment
 * statement (INVSTMTRS) gives the cash transactions of its INVBANKTRANs, and says how many trades
 * and dividends it holds that Mindspend does not track.
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

/** What an OFX file holds: its cash transactions, the lines passed over, and investment counts. */
export interface OfxStatement {
  rows: OfxRow[];
  skipped: SkippedLine[];
  /** Present for an investment statement (INVSTMTRS): trades, dividends… Mindspend does not track. */
  investment: { untracked: number } | null;
  /** The statement's default currency (its first CURDEF); each row carries its own. */
  currency: CurrencyCode | null;
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
  for (const entry of transactionsWithCurdef(ofx)) {
    const row = toRow(entry.transaction);
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
  return { rows, skipped, investment, currency: firstCurdef(ofx) };
}

/** The cash transactions of an OFX/QFX file. */
export function parseOfx(text: string): OfxRow[] {
  return readOfxStatement(text).rows;
}

function toRow(transaction: OfxElement): OfxRow | null {
  const line = lineOf(transaction);
  const posted = leaf(transaction, 'DTPOSTED') ?? leaf(transaction, 'DTUSER');
  if (!posted) throw new ImportError(line, 'this transaction has no DTPOSTED date.');
  const amount = leaf(transaction, 'TRNAMT');
  if (!amount) throw new ImportError(line, 'this transaction has no TRNAMT amount.');
  const cents = parseOfxAmount(amount.value, amount.line);
  if (cents === 0) return null;
  const name = leaf(transaction, 'NAME')?.value ?? leaf(transaction, 'PAYEE')?.value ?? nestedPayee(transaction) ?? '';
  const memo = leaf(transaction, 'MEMO')?.value;
  const checkNumber = leaf(transaction, 'CHECKNUM')?.value;
  const row: OfxRow = {
    fitId: leaf(transaction, 'FITID')?.value ?? null,
    date: parseOfxDate(posted.value, posted.line),
    amountCents: Math.abs(cents),
    type: cents < 0 ? 'expense' : 'income',
    payee: name || memo || (checkNumber ? `CHECK ${checkNumber}` : ''),
    line,
  };
  if (memo !== undefined && memo !== row.payee) row.memo = memo;
  const trnType = leaf(transaction, 'TRNTYPE')?.value;
  if (trnType) row.trnType = trnType.toUpperCase();
  return row;
}

/** <PAYEE> may be an aggregate with its own <NAME> (bill payments). */
function nestedPayee(transaction: OfxElement): string | undefined {
  const payee = transaction.PAYEE;
  return payee !== undefined && typeof payee === 'object' && !Array.isArray(payee) ? leaf(payee, 'NAME')?.value : undefined;
}
