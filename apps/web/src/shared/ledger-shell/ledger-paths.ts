/** Ledger routes (spec §2.1) and the rules that pick the account and month a ledger URL shows. */
import type { Account } from '@mindspend/api-contract';
import { compareMonths, type YearMonth } from '@mindspend/domain';

export const LEDGER_PATH = '/ledger';

/**
 * `/ledger/pause-purchase` (route pausePurchase): the pause form over the ledger, opened by the
 * ledger's toolbar and by Add Transaction's "Pause it instead" (issue 31).
 */
export const PAUSE_PURCHASE_PATH = '/ledger/pause-purchase';

/** Scan a receipt (issue 33, DECISIONS.md #114): offered by the ledger's toolbar and the quick-add screen. */
export const CAPTURE_PATH = '/capture';

/** `/ledger/accounts/{accountId}/month/{month}/year/{year}` (route ledger-account-month-year). */
export function ledgerMonthPath(accountId: number, ym: YearMonth): string {
  return `/ledger/accounts/${accountId}/month/${ym.month}/year/${ym.year}`;
}

/** `/ledger/accounts/{accountId}` (route ledger-account). */
export function ledgerAccountPath(accountId: number): string {
  return `/ledger/accounts/${accountId}`;
}

/** The month a URL names, or null when month or year are missing or not a real month. */
export function monthFromParams(month: string | undefined, year: string | undefined): YearMonth | null {
  if (month === undefined || year === undefined) return null;
  const m = Number(month);
  const y = Number(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y) || y < 1900 || y > 2200) return null;
  return { year: y, month: m };
}

/** An account id written in a URL, or null. */
export function idFromParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * Spec §2.3: the wanted account when the user has it, else the first account (auto-selected);
 * `unknown` says the wanted one was asked for but does not exist, so the URL must be replaced.
 */
export function resolveAccount(accounts: readonly Account[], wantedId: number | null): { account: Account | null; unknown: boolean } {
  const wanted = wantedId === null ? undefined : accounts.find((account) => account.id === wantedId);
  if (wanted) return { account: wanted, unknown: false };
  return { account: accounts[0] ?? null, unknown: wantedId !== null };
}

/** Spec §2.3: next month is disabled when it would be in the future. */
export function canGoToNextMonth(shown: YearMonth, current: YearMonth): boolean {
  return compareMonths(shown, current) < 0;
}
