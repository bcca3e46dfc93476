/**
 * What the app needs from a bank-data provider (DECISIONS.md #8, #106): Plaid and SimpleFIN today,
 * Enable Banking (DECISIONS.md #111), each behind this one interface so routes, the sync and the schedule never
 * speak a provider's wire format. A provider links (turns what the person brought back from the
 * bank into a credential), lists accounts, fetches transactions since a cursor or date, and says
 * when the person must re-authorize by throwing BankLoginRequired.
 */

import type { BankProviderName } from '../../db/bank-link-schema';

export type { BankProviderName } from '../../db/bank-link-schema';

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
  /** The bank holding the account, when one access spans several (SimpleFIN's `org.name`). */
  bankName?: string | null;
  /**
   * The currency the bank keeps the account in, as the provider spells it (an ISO 4217 code, or
   * SimpleFIN's URL of a custom currency); null or absent when it does not say (linked-accounts.ts).
   */
  currency?: string | null;
}

export interface BankTransaction {
  id: string;
  accountId: string;
  /**
   * Positive is money OUT of the account (Plaid's convention); negative is money in. Every
   * provider converts to this one convention (SimpleFIN's is the opposite: simplefin-provider.ts).
   */
  amount: number;
  /** `YYYY-MM-DD`. */
  date: string;
  name: string;
  merchantName: string | null;
  pending: boolean;
  /** The transaction's currency when the provider says it; it must be its account's (bank-sync.ts). */
  currency?: string | null;
}

export interface TransactionChanges {
  added: BankTransaction[];
  modified: BankTransaction[];
  /** Provider ids of transactions that no longer exist (e.g. a pending one that posted under a new id). */
  removed: string[];
  /** Where the next sync starts: Plaid's cursor, or the moment this fetch began (SimpleFIN). */
  nextCursor: string;
  /** What the provider asks to show the person (SimpleFIN's `errors`); absent or empty when none. */
  notices?: string[];
}

/** What linking leaves: the credential to keep sealed, and the provider's id of the link. */
export interface LinkedItem {
  /** Plaid's access token, SimpleFIN's access URL (with its basic-auth password): sealed at rest. */
  credential: string;
  itemId: string;
  /** A name for the bank the provider knows, when the person gave none. */
  institutionName?: string;
  /** When the bank's consent lapses (ISO date-time), when it lapses on a known day (Enable Banking). */
  consentExpiresAt?: string;
}

/**
 * One provider. `LinkInput` is what the person brings from the provider's own flow: Plaid's public
 * token from its Link widget, a SimpleFIN setup token, Enable Banking's callback code.
 */
export interface BankProvider<LinkInput = unknown> {
  readonly name: BankProviderName;
  link(input: LinkInput): Promise<LinkedItem>;
  accounts(credential: string): Promise<BankAccount[]>;
  /** Every change since `cursor` (null: from the beginning), all pages; `now` is the app's clock (date-based providers). */
  syncTransactions(credential: string, cursor: string | null, now?: Date): Promise<TransactionChanges>;
  /** Ends the link at the provider, where it has a way to (best effort). */
  removeItem(credential: string): Promise<void>;
}

/** The bank wants the person to sign in again (Plaid's ITEM_LOGIN_REQUIRED, SimpleFIN's 403): start the re-link flow. */
export class BankLoginRequired extends Error {
  constructor(message = 'The bank needs the person to sign in again.') {
    super(message);
    this.name = 'BankLoginRequired';
  }
}

/** What the person sent cannot be used (a bad setup token, a host not allowed): a 400 with this message. */
export class BankLinkRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankLinkRefused';
  }
}
