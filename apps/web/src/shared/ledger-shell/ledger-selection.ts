/**
 * The ledger's selected account and month, held for the browser session (spec §3 "The current
 * account is held for the session"): /ledger and its modal routes show the same ledger as the
 * account-and-month route the user came from.
 */
import type { YearMonth } from '@mindspend/domain';
import { createSessionStorageStore } from '../../lib/session-storage-store';
import { useExternalStore } from '../../lib/use-external-store';

export interface LedgerSelection {
  accountId: number | null;
  month: YearMonth | null;
}

const EMPTY: LedgerSelection = { accountId: null, month: null };

function isMonth(value: unknown): value is YearMonth {
  if (typeof value !== 'object' || value === null) return false;
  const { year, month } = value as { year?: unknown; month?: unknown };
  return Number.isInteger(year) && Number.isInteger(month) && Number(month) >= 1 && Number(month) <= 12;
}

function parseSelection(stored: unknown): LedgerSelection {
  const parsed = stored as { accountId?: unknown; month?: unknown };
  return {
    accountId: Number.isInteger(parsed.accountId) ? Number(parsed.accountId) : null,
    month: isMonth(parsed.month) ? { year: parsed.month.year, month: parsed.month.month } : null,
  };
}

function sameSelection(a: LedgerSelection, b: LedgerSelection): boolean {
  return a.accountId === b.accountId && a.month?.year === b.month?.year && a.month?.month === b.month?.month;
}

const store = createSessionStorageStore<LedgerSelection>({
  key: 'mindspend.ledger',
  empty: EMPTY,
  parse: parseSelection,
  // The ledger page sets the selection whenever its URL or the accounts load, mostly to what it
  // already holds: that must not re-render the ledger.
  equals: sameSelection,
});

/** The current selection (a stable object between changes). */
export function getLedgerSelection(): LedgerSelection {
  return store.get();
}

/** Changes the account and/or month; unchanged values keep the same snapshot. */
export function setLedgerSelection(change: Partial<LedgerSelection>): void {
  store.set({ ...store.get(), ...change });
}

/** Forgets the selection (sign-out, or the selected account was removed). */
export function clearLedgerSelection(): void {
  setLedgerSelection(EMPTY);
}

export function useLedgerSelection(): LedgerSelection {
  return useExternalStore(store);
}
