/**
 * ISO 20022 CAMT bank-to-customer messages (European banks), read with fast-xml-parser: the
 * CAMT.053 end-of-day statement (`BkToCstmrStmt`/`Stmt`), and the CAMT.052 intraday account report
 * (`BkToCstmrAcctRpt`/`Rpt`) and CAMT.054 debit/credit notification (`BkToCstmrDbtCdtNtfctn`/
 * `Ntfctn`), whose entries have the same shape (issue 34). A report or notification with no booked
 * entry is refused saying what it is and that the CAMT.053 statement is the file to upload: its
 * pending entries may still change, and importing nothing would look like a finished import.
 * Each booked entry (`Ntry`) is one row: `Amt` with `CdtDbtInd` (CRDT income, DBIT expense) for
 * the sign, the booking date (`BookgDt`), the other party's name (creditor for a debit, debtor for
 * a credit) as the payee, remittance text as the memo. The bank's `AcctSvcrRef`, else `NtryRef`,
 * is the de-duplication key, as OFX's FITID is. Pending entries are reported as skipped. Each
 * entry's currency is its `Amt`'s `Ccy`; the statement's is the account's `Ccy`, else its first
 * balance's (`Bal/Amt/@Ccy`), for an entry without one and a statement without entries.
 */
import { XMLParser } from 'fast-xml-parser';
import type { CurrencyCode } from '../currency/currency-code';
import { MAX_AMOUNT_CENTS, parseIsoDate } from '../ledger/transactions';
import { ImportError } from './import-error';
import { statementCurrencyCode } from './statement-currency';
import type { OfxRow, SkippedLine } from './statement-row';

export interface CamtStatement {
  rows: OfxRow[];
  skipped: SkippedLine[];
  /** The first statement's currency (account, else balance); each row carries its own. */
  currency: CurrencyCode | null;
}

/** A CAMT message that carries entries: its root element, the element of each account's part, and what it is. */
interface CamtMessage {
  root: string;
  part: string;
  /** What the person is told the file is. */
  kind: string;
}

const MESSAGES: readonly CamtMessage[] = [
  { root: 'BkToCstmrStmt', part: 'Stmt', kind: 'CAMT.053 end-of-day statement' },
  { root: 'BkToCstmrAcctRpt', part: 'Rpt', kind: 'CAMT.052 intraday account report' },
  { root: 'BkToCstmrDbtCdtNtfctn', part: 'Ntfctn', kind: 'CAMT.054 debit/credit notification' },
];

/** True for an XML document of a CAMT.053 statement, CAMT.052 report or CAMT.054 notification. */
export function looksLikeCamt(head: string): boolean {
  return /urn:iso:std:iso:20022:tech:xsd:camt\.05[234]\b|<(?:\w+:)?(?:BkToCstmrStmt|BkToCstmrAcctRpt|BkToCstmrDbtCdtNtfctn)[\s>]/.test(head);
}

type Node = { [name: string]: Node | Node[] | string | undefined; '#text'?: string };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['Stmt', 'Rpt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd'].includes(name),
});

const list = (value: Node | Node[] | string | undefined): Array<Node | string> =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The child at a path (first of each list), or undefined. */
function at(node: Node | string | undefined, ...path: string[]): Node | string | undefined {
  let current: Node | string | undefined = node;
  for (const name of path) {
    if (current === undefined || typeof current === 'string') return undefined;
    current = list(current[name])[0];
  }
  return current;
}

function textAt(node: Node | string | undefined, ...path: string[]): string | undefined {
  const found = at(node, ...path);
  const value = typeof found === 'string' ? found : found?.['#text'];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** `1234.56` (CAMT amounts are plain decimals with a dot) → cents. */
function parseCamtAmount(value: string, line: number): number {
  const match = /^(\d+)(?:\.(\d{1,5}))?$/.exec(value.trim());
  const frac = match?.[2] ?? '';
  if (!match || (frac.length > 2 && !/^0+$/.test(frac.slice(2)))) throw new ImportError(line, `"${value}" is not an amount.`);
  const cents = Number(match[1]) * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) {
    throw new ImportError(line, `"${value}" is larger than the largest amount allowed ($99,999,999.99).`);
  }
  return cents;
}

/** The lines entries start on, in document order (fast-xml-parser keeps no positions). */
function entryLines(text: string): number[] {
  const lines: number[] = [];
  const pattern = /<(?:\w+:)?Ntry[\s>]/g;
  let line = 1;
  let position = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    for (let i = text.indexOf('\n', position); i !== -1 && i < match.index; i = text.indexOf('\n', i + 1)) line += 1;
    position = match.index;
    lines.push(line);
  }
  return lines;
}

/** An attribute of the child at a path (`Ccy` of `Amt`), or undefined. */
function attributeAt(node: Node | string | undefined, attribute: string, ...path: string[]): string | undefined {
  const found = at(node, ...path);
  const value = typeof found === 'object' ? found[`@_${attribute}`] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * A statement's own currency: its account's `Ccy`, else its first balance's. The parser keeps no
 * positions, so an unknown code is reported on line 1; the message names the code itself.
 */
function statementCurrency(stmt: Node): CurrencyCode | null {
  const code = textAt(stmt, 'Acct', 'Ccy') ?? attributeAt(stmt, 'Ccy', 'Bal', 'Amt');
  return code === undefined ? null : statementCurrencyCode(code, 1);
}

function partyName(details: Node | string | undefined, role: 'Cdtr' | 'Dbtr'): string | undefined {
  // camt.053.001.02 writes RltdPties/Cdtr/Nm; .001.08 and later RltdPties/Cdtr/Pty/Nm.
  return textAt(details, 'RltdPties', role, 'Nm') ?? textAt(details, 'RltdPties', role, 'Pty', 'Nm');
}

/** The message a CAMT document holds and its root element, or undefined for other XML. */
function messageOf(document: Node): { message: CamtMessage; root: Node } | undefined {
  for (const message of MESSAGES) {
    const root = at(document, 'Document', message.root);
    if (root !== undefined && typeof root !== 'string') return { message, root };
  }
  return undefined;
}

/** Parses every entry of a CAMT.053, .052 or .054 file; throws ImportError naming the entry's line. */
export function parseCamt(text: string): CamtStatement {
  let document: Node;
  try {
    document = parser.parse(text) as Node;
  } catch {
    throw new ImportError(1, 'this CAMT file is not well-formed XML.');
  }
  const found = messageOf(document);
  if (found === undefined) {
    throw new ImportError(1, 'this is not a CAMT statement (no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn element found).');
  }
  const { message, root } = found;
  const lines = entryLines(text);
  const rows: OfxRow[] = [];
  const skipped: SkippedLine[] = [];
  let index = 0;
  let currency: CurrencyCode | null = null;
  for (const stmt of list(root[message.part])) {
    if (typeof stmt === 'string') continue;
    const stmtCurrency = statementCurrency(stmt);
    currency ??= stmtCurrency;
    for (const entry of list(stmt.Ntry)) {
      const line = lines[index] ?? 1;
      index += 1;
      if (typeof entry === 'string') continue;
      const status = textAt(entry, 'Sts', 'Cd') ?? textAt(entry, 'Sts');
      if (status && status.toUpperCase() !== 'BOOK') {
        skipped.push({ line, reason: `Not booked yet (status ${status}).` });
        continue;
      }
      const amountText = textAt(entry, 'Amt');
      if (!amountText) throw new ImportError(line, 'this entry has no Amt amount.');
      const cents = parseCamtAmount(amountText, line);
      if (cents === 0) {
        skipped.push({ line, reason: 'Zero amount: no money moved.' });
        continue;
      }
      const direction = textAt(entry, 'CdtDbtInd')?.toUpperCase();
      if (direction !== 'CRDT' && direction !== 'DBIT') throw new ImportError(line, 'this entry has no CdtDbtInd (CRDT or DBIT).');
      const booked = textAt(entry, 'BookgDt', 'Dt') ?? textAt(entry, 'BookgDt', 'DtTm') ?? textAt(entry, 'ValDt', 'Dt');
      const date = booked?.slice(0, 10);
      if (!date || !parseIsoDate(date)) throw new ImportError(line, `"${booked ?? ''}" is not a booking date.`);
      const details = at(entry, 'NtryDtls', 'TxDtls');
      const type = direction === 'DBIT' ? 'expense' : 'income';
      const counterparty = partyName(details, type === 'expense' ? 'Cdtr' : 'Dbtr');
      const remittanceInfo = at(details, 'RmtInf');
      const remittance = (typeof remittanceInfo === 'object' ? list(remittanceInfo.Ustrd) : [])
        .map((part) => (typeof part === 'string' ? part : (part['#text'] ?? '')))
        .join(' ')
        .trim();
      const additional = textAt(entry, 'AddtlNtryInf');
      const payee = counterparty ?? additional ?? remittance;
      const reference = textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef') ?? null;
      const row: OfxRow = { fitId: reference, date, amountCents: cents, type, payee, line };
      const ccy = attributeAt(entry, 'Ccy', 'Amt');
      const rowCurrency = ccy === undefined ? stmtCurrency : statementCurrencyCode(ccy, line);
      if (rowCurrency !== null) row.currency = rowCurrency;
      const memo = remittance || additional;
      if (memo && memo !== payee) row.memo = memo;
      rows.push(row);
    }
  }
  if (rows.length === 0 && message.part !== 'Stmt') {
    throw new ImportError(1, `This is a ${message.kind} with no booked entries; upload the CAMT.053 end-of-day statement instead.`, { wholeFile: true });
  }
  return { rows, skipped, currency };
}
