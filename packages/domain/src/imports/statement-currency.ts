/**
 * The currency a statement says its money is in (issue 27, DECISIONS.md #91), and the refusal of
 * a file whose currency is not its account's. Amounts are imported as they are written, so a EUR
 * file read into a USD account would record euros as dollars without a word: the file's currency
 * must be the account's. A file that states none (most CSVs, QIF) is the account's, as before.
 */
import { type CurrencyCode, isCurrencyCode } from '../currency/currency-code';
import { ImportError } from './import-error';
import type { StatementRow } from './statement-row';

/**
 * A code as a statement writes it (`EUR`, ` eur `) → the ISO 4217 code; an unknown code is an
 * ImportError naming the line, because a file in a currency Mindspend cannot name is not the
 * account's either, and guessing would be the silent mistake this check exists to prevent.
 */
export function statementCurrencyCode(text: string, line: number): CurrencyCode {
  const code = text.trim().toUpperCase();
  if (!isCurrencyCode(code)) throw new ImportError(line, `"${text.trim()}" is not an ISO 4217 currency code.`);
  return code;
}

/** The account a file is imported into, as the refusal names it. */
export interface ImportAccount {
  name: string;
  currency: CurrencyCode;
  /** A credit card account (reports isLiabilityAccount): positive purchases there are asked about. */
  card?: boolean | undefined;
}

/** What a statement states: the file's own currency (OFX CURDEF, CAMT account or balance) and its rows. */
export interface StatedCurrencies {
  /** The statement's currency when it states one for the whole file; null when it does not. */
  currency: CurrencyCode | null;
  rows: ReadonlyArray<Pick<StatementRow, 'currency' | 'line'>>;
}

/**
 * The currencies the file's rows are in, each with the first line that has it, in file order.
 * The statement's own currency counts only when no row states one (an empty statement still
 * says which account it belongs to); otherwise the rows, which carry it already, decide.
 */
export function statedCurrencies(statement: StatedCurrencies): Array<{ currency: CurrencyCode; line: number }> {
  const found = new Map<CurrencyCode, number>();
  for (const row of statement.rows) if (row.currency !== undefined && !found.has(row.currency)) found.set(row.currency, row.line);
  if (found.size === 0 && statement.currency !== null) return [{ currency: statement.currency, line: 1 }];
  return [...found].map(([currency, line]) => ({ currency, line })).sort((a, b) => a.line - b.line);
}

/**
 * Why the file cannot go into the account, or null when it can: its currency is another (the
 * message names both, and where to import it), or its rows are in several currencies (an account
 * keeps one, and splitting the file is the person's call, not a guess of ours).
 */
export function currencyRefusal(statement: StatedCurrencies, account: ImportAccount): string | null {
  const stated = statedCurrencies(statement);
  const [first, second] = stated;
  if (first !== undefined && second !== undefined) {
    const codes = stated.map((entry) => entry.currency);
    const listed = `${codes.slice(0, -1).join(', ')} and ${codes[codes.length - 1] ?? ''}`;
    return (
      `This file mixes currencies: ${listed} (line ${first.line} is in ${first.currency}, line ${second.line} in ${second.currency}). ` +
      `${account.name} keeps ${account.currency}, and nothing was imported: import a file whose transactions are all in ${account.currency}.`
    );
  }
  if (first === undefined || first.currency === account.currency) return null;
  return `This file is in ${first.currency} but ${account.name} keeps ${account.currency}. Import it into an account in ${first.currency}.`;
}
