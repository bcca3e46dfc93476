/**
 * What the app needs from a bank-data provider (DECISIONS.md #8): Plaid today, behind this small
 * interface so routes and tests never speak Plaid's wire format.
 */

export interface BankAccount {
  /** The provider's id of the account; stable across syncs. */
  id: string;
  name: string;
  /** Last digits of the account number, when the bank gives them. */
  mask: string | null;
  /** Plaid's type and subtype, e.g. depository/checking, credit/credit card. */
  type: string;
  subtype: string | null;
  balances: { current: number | null; available: number | null; limit: number | null };
}

export interface BankTransaction {
  id: string;
  accountId: string;
  /** Positive is money OUT of the account (Plaid's convention); negative is money in. */
  amount: number;
  /** `YYYY-MM-DD`. */
  date: string;
  name: string;
  merchantName: string | null;
  pending: boolean;
}

export interface TransactionChanges {
  added: BankTransaction[];
  modified: BankTransaction[];
  /** Provider ids of transactions that no longer exist (e.g. a pending one that posted under a new id). */
  removed: string[];
  nextCursor: string;
}

export interface BankLinkProvider {
  readonly name: string;
  /** A one-time token for the browser's Link widget; with an access token, update mode (re-linking). */
  createLinkToken(userId: number, accessToken?: string): Promise<string>;
  exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }>;
  accounts(accessToken: string): Promise<BankAccount[]>;
  /** Every change since `cursor` (null: from the beginning), all pages. */
  syncTransactions(accessToken: string, cursor: string | null): Promise<TransactionChanges>;
  removeItem(accessToken: string): Promise<void>;
}

/** The bank wants the person to sign in again (Plaid's ITEM_LOGIN_REQUIRED): start the re-link flow. */
export class BankLoginRequired extends Error {
  constructor(message = 'The bank needs the person to sign in again.') {
    super(message);
    this.name = 'BankLoginRequired';
  }
}
