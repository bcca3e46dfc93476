/**
 * Finds the header row of a bank CSV export and which column holds what. Banks name the same
 * thing many ways, and some put an account summary above the header, so the first rows are
 * scanned for the first one that names a date and an amount.
 */
import type { CsvRecord } from './csv-reader';
import { ImportError, NeedsMappingError } from './import-error';

export interface CsvColumns {
  /** The header's line; data starts after it. */
  headerLine: number;
  headerIndex: number;
  date: number;
  payee: number;
  /** A second descriptive column, e.g. Original Description next to a cleaned Description. */
  description: number | null;
  memo: number | null;
  /** A signed (or card-style positive) amount. */
  amount: number | null;
  /** Money out / money in, each unsigned: Debit & Credit, Withdrawal(s) & Deposit(s). */
  debit: number | null;
  credit: number | null;
  /** Type / Details / Transaction Type: Sale, Payment, DEBIT, CREDIT… used for the sign rule. */
  type: number | null;
  /** Currency / Ccy: each row's ISO 4217 code, which must be the account's (DECISIONS.md #91). */
  currency: number | null;
  /**
   * The column the payee came from before Name won over Description (issue 34), when that is
   * another column: rows are still known by its text, so a file imported before is not
   * imported twice (dedupe.ts). Absent or null when it is the payee column.
   */
  keyPayee?: number | null;
}

/** Lower-case letters and digits only: 'Trans. Date' and 'TRANSACTION_DATE' compare as names. */
export function headerName(cell: string): string {
  return cell.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// Each list is in order of preference: the purchase date beats the posting date.
// 'created': Monzo; 'gross' and 'net': PayPal (net is what reached the account, after its fee).
const DATE_NAMES = ['transactiondate', 'transdate', 'trandate', 'date', 'posteddate', 'postingdate', 'postdate', 'dateposted', 'created'];
// A column that names the other party beats one that describes the transaction: bunq writes
// Name 'CLOUDFLARE' beside Description 'CLOUDFLARE 650-3198939, US 9.95 USD, 1 USD = 0.9254 EUR',
// which then becomes the row's description (issue 34). Counterparty comes after Name because
// bunq's Counterparty is the other party's IBAN. A file with only a Description uses it.
const PAYEE_NAMES = ['payee', 'payeename', 'merchant', 'merchantname', 'counterpartyname', 'name', 'counterparty'];
const DESCRIPTION_NAMES = ['description', 'transactiondescription', 'originaldescription'];
// The order before issue 34, which the de-duplication keys of earlier imports were made with.
const KEY_PAYEE_NAMES = ['payee', 'payeename', 'merchant', 'merchantname', 'description', 'name', 'transactiondescription', 'originaldescription'];
const MEMO_NAMES = ['memo', 'notes', 'note', 'extendeddetails', 'additionalinformation'];
const AMOUNT_NAMES = ['amount', 'transactionamount', 'amountusd', 'amt', 'netamount', 'net', 'gross'];
const DEBIT_NAMES = ['debit', 'debits', 'debitamount', 'withdrawal', 'withdrawals', 'withdrawalamount', 'moneyout', 'paidout', 'charges'];
const CREDIT_NAMES = ['credit', 'credits', 'creditamount', 'deposit', 'deposits', 'depositamount', 'moneyin', 'paidin', 'payments'];
const TYPE_NAMES = ['type', 'transactiontype', 'details', 'creditdebit', 'debitcredit', 'drcr', 'creditdebitindicator'];
// Monzo, PayPal, Revolut and Wise write the code of each row's currency under one of these.
const CURRENCY_NAMES = ['currency', 'currencycode', 'ccy'];

/** How many leading records may be preamble (account name, summary) before the header. */
const HEADER_SCAN_LIMIT = 40;

function find(names: readonly string[], header: readonly string[], taken: ReadonlySet<number>): number | null {
  for (const name of names) {
    const index = header.indexOf(name);
    if (index !== -1 && !taken.has(index)) return index;
  }
  return null;
}

/** Maps one candidate header row; null unless it names a date and an amount. */
function mapHeader(record: CsvRecord, headerIndex: number): { columns: CsvColumns | null; score: number; missing: string } {
  const header = record.fields.map(headerName);
  const taken = new Set<number>();
  const take = (names: readonly string[]): number | null => {
    const index = find(names, header, taken);
    if (index !== null) taken.add(index);
    return index;
  };
  const date = take(DATE_NAMES);
  const amount = take(AMOUNT_NAMES);
  const debit = take(DEBIT_NAMES);
  const credit = take(CREDIT_NAMES);
  const keyPayee = find(KEY_PAYEE_NAMES, header, taken);
  const payee = take(PAYEE_NAMES) ?? take(DESCRIPTION_NAMES);
  // Mint's Original Description beside its Description; a second name column when there is no description.
  const description = take(DESCRIPTION_NAMES) ?? take(PAYEE_NAMES);
  const memo = take(MEMO_NAMES);
  const type = take(TYPE_NAMES);
  const currency = take(CURRENCY_NAMES);
  const hasAmount = amount !== null || debit !== null || credit !== null;
  const score = [date, payee, hasAmount ? 0 : null].filter((x) => x !== null).length;
  let missing = '';
  if (date === null) missing = 'no date column found (expected Date, Transaction Date or Posted Date).';
  else if (!hasAmount) missing = 'no amount column found (expected Amount, Debit and Credit, or Withdrawal and Deposit).';
  else if (payee === null) missing = 'no description column found (expected Description, Payee, Merchant or Name).';
  if (missing !== '' || date === null || payee === null) return { columns: null, score, missing };
  const columns = {
    headerLine: record.line,
    headerIndex,
    date,
    payee,
    description,
    memo,
    amount,
    debit,
    credit,
    type,
    currency,
    keyPayee: keyPayee === payee ? null : keyPayee,
  };
  return { columns, score, missing };
}

/**
 * Finds the header among the first records and maps its columns. When none fits, the error names
 * the row that looked most like a header (or the first line) and the column that is missing.
 */
export function findColumns(records: readonly CsvRecord[]): CsvColumns {
  const first = records[0];
  if (!first) throw new ImportError(1, 'the file is empty.');
  let best = { line: first.line, score: -1, missing: '', cells: first.fields };
  const limit = Math.min(records.length, HEADER_SCAN_LIMIT);
  for (let index = 0; index < limit; index += 1) {
    const record = records[index] as CsvRecord;
    const { columns, score, missing } = mapHeader(record, index);
    if (columns) return columns;
    // Among rows that fit equally badly, the widest is the header (not an account-name preamble).
    const wider = record.fields.filter((cell) => cell.trim() !== '').length > best.cells.filter((cell) => cell.trim() !== '').length;
    if (score > best.score || (score === best.score && wider)) best = { line: record.line, score, missing, cells: record.fields };
  }
  // The person can say which column is which (csv-mapping.ts): the job asks them.
  const columns = best.cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
  throw new NeedsMappingError(best.line, best.missing, columns);
}
