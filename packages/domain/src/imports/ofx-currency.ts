/**
 * Which currency an OFX transaction's amounts are in (the OFX 2.1.1 specification, section 5.2).
 * A statement aggregate (STMTRS, CCSTMTRS, INVSTMTRS) names its default, CURDEF, for everything
 * inside it. A transaction in another currency carries
 * `<CURRENCY><CURRATE>…<CURSYM>EUR</CURRENCY>`: its amounts are in CURSYM. `<ORIGCURRENCY>` says
 * the opposite: the amounts were converted to CURDEF already and CURSYM is only where they came
 * from, so such a transaction is in CURDEF.
 */
import type { CurrencyCode } from '../currency/currency-code';
import { type OfxElement, childrenNamed, findAll, leaf, lineOf } from './ofx-document';
import { statementCurrencyCode } from './statement-currency';

/** A transaction and the CURDEF of the statement around it (null when none says). */
export interface OfxTransaction {
  transaction: OfxElement;
  curdef: CurrencyCode | null;
}

function curdefOf(element: OfxElement): CurrencyCode | null {
  const curdef = leaf(element, 'CURDEF');
  return curdef === undefined ? null : statementCurrencyCode(curdef.value, curdef.line);
}

/**
 * Every STMTTRN under `ofx`, in document order, each with the CURDEF of the nearest enclosing
 * element that has one: a file may hold several statements, each in its own currency.
 */
export function transactionsWithCurdef(ofx: OfxElement): OfxTransaction[] {
  const found: OfxTransaction[] = [];
  const visit = (node: OfxElement, inherited: CurrencyCode | null) => {
    const current = curdefOf(node) ?? inherited;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('@_') || key === '#text' || value === undefined || typeof value === 'string') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (typeof child !== 'object') continue;
        if (key === 'STMTTRN') found.push({ transaction: child, curdef: current });
        else visit(child, current);
      }
    }
  };
  visit(ofx, null);
  return found.sort((a, b) => lineOf(a.transaction) - lineOf(b.transaction));
}

/** The file's first CURDEF: the statement's currency when no transaction is there to say it. */
export function firstCurdef(ofx: OfxElement): CurrencyCode | null {
  const [first] = findAll(ofx, 'CURDEF');
  const text = first?.['#text'];
  return first === undefined || text === undefined || text === '' ? null : statementCurrencyCode(text, lineOf(first));
}

/**
 * The currency of one transaction's amounts: its own CURRENCY's CURSYM, else the statement's
 * CURDEF (ORIGCURRENCY included, see above); undefined when the file states none.
 */
export function transactionCurrency(entry: OfxTransaction): CurrencyCode | undefined {
  const own = childrenNamed(entry.transaction, 'CURRENCY')[0];
  if (own !== undefined && typeof own === 'object') {
    // Some banks write the code as the element's own text (`<CURRENCY>EUR`) instead of CURSYM.
    const symbol = leaf(own, 'CURSYM') ?? (own['#text'] ? { value: own['#text'], line: lineOf(own) } : undefined);
    if (symbol !== undefined) return statementCurrencyCode(symbol.value, symbol.line);
  }
  return entry.curdef ?? undefined;
}
