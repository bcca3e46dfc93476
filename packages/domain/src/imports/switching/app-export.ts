/**
 * What another budgeting app's export holds, read into Mindspend's terms before anything is
 * written (DECISIONS.md #98). Each reader (YNAB, Actual, Firefly III, Mint) turns its app's files
 * into one `AppExport`; one writer on the server brings that into a book, so the rules about
 * accounts, categories, splits, transfers and "every row once" live in one place.
 */

export const SWITCHING_APPS = ['ynab', 'actual', 'firefly', 'mint'] as const;
export type SwitchingApp = (typeof SWITCHING_APPS)[number];

/** The app's own name, as people know it. */
export const SWITCHING_APP_NAMES: Record<SwitchingApp, string> = {
  ynab: 'YNAB',
  actual: 'Actual Budget',
  firefly: 'Firefly III',
  mint: 'Mint',
};

/** Mindspend's three account types; a reader maps its app's kinds onto them (cash → checking). */
export type AppAccountKind = 'checking' | 'savings' | 'credit card';

export interface AppAccount {
  /** The account's name in the app: unique within one export, and what rows refer to. */
  name: string;
  kind: AppAccountKind;
  /** ISO 4217 code when the export names one; null: the book's base currency. */
  currency: string | null;
}

/** A category as the app names it: its group (YNAB's "Category Group", Firefly has none) and itself. */
export interface AppCategory {
  /** The app's group, or null when the app has no groups (the writer files it under "From <app>"). */
  group: string | null;
  name: string;
}

export interface AppLine {
  /** Null: the line has no category (Mindspend shows it as 'Needs Category'). */
  category: AppCategory | null;
  /** Signed like its transaction: negative is money out. Lines of one transaction sum to its amount. */
  amountCents: number;
  memo: string | null;
}

/** One income or spending row of one account (transfers are `AppTransfer`s, never these). */
export interface AppTransaction {
  /** Where it came from, for messages: "line 14" or the app's own id. */
  source: string;
  /** `AppAccount.name` of the account it belongs to. */
  account: string;
  /** `YYYY-MM-DD`. */
  date: string;
  payee: string | null;
  /** Negative: money left the account; never 0 (a reader leaves zero rows out, with a reason). */
  amountCents: number;
  memo: string | null;
  /** One line for an ordinary row, several for a split; empty when the row has no category. */
  lines: AppLine[];
}

/** Money moved between two accounts of the export: both legs, read once (a reader pairs the app's two rows). */
export interface AppTransfer {
  source: string;
  from: string;
  to: string;
  date: string;
  /** Positive: what left `from`. */
  amountCents: number;
  /** Positive: what reached `to`; differs from `amountCents` only between currencies. */
  toAmountCents: number;
  memo: string | null;
}

/** A month's planned amount for a category (YNAB's budget file, Actual's budget table). */
export interface AppBudget {
  category: AppCategory;
  /** `YYYY-MM`. */
  month: string;
  amountCents: number;
}

/** Something in the export that is not brought over, and why (the summary lists these). */
export interface LeftBehind {
  source: string;
  reason: string;
}

export interface AppExport {
  app: SwitchingApp;
  accounts: AppAccount[];
  transactions: AppTransaction[];
  transfers: AppTransfer[];
  budgets: AppBudget[];
  leftBehind: LeftBehind[];
}
