/** The shape every statement parser produces, whatever the file format. */
import type { CurrencyCode } from '../currency/currency-code';
import type { TransactionType } from '../ledger/transactions';

export interface StatementRow {
  /** `YYYY-MM-DD`, the date as the bank wrote it (no time-zone shifting). */
  date: string;
  /** Always positive; `type` says the direction. */
  amountCents: number;
  type: TransactionType;
  /** The payee exactly as the bank wrote it; normalizePayee() makes the entity name. */
  payee: string;
  /**
   * The text the row's de-duplication key is made of when it is not `payee`: a CSV whose Name
   * column now gives the payee is still keyed by its Description, as before (csv-columns.ts).
   */
  keyPayee?: string;
  description?: string;
  memo?: string;
  /** 1-based line of the file the transaction starts on. */
  line: number;
  /**
   * The currency the file says the amount is in (OFX CURDEF or the transaction's CURRENCY, CAMT
   * Ccy, a CSV's currency column); absent when it says nothing, and the account's is assumed.
   */
  currency?: CurrencyCode;
}

export interface OfxRow extends StatementRow {
  /** The bank's unique transaction id (FITID); null when the file leaves it out. */
  fitId: string | null;
  /** OFX TRNTYPE as written: DEBIT, CREDIT, POS, CHECK… */
  trnType?: string;
}

/** A line of the file that holds no transaction Mindspend records, and why (shown to the person). */
export interface SkippedLine {
  /** 1-based line of the file. */
  line: number;
  reason: string;
}
