/**
 * The ledger's selected account and month, held for the browser session (spec §3 "The current
 * account is held for the session"): /ledger and its modal routes show the same ledger as the
 * account-and-month route the user came from.
 */
import { useSyncExternalStore } from 'react';
import type { YearMonth } from '@mindspend/domain';

export interface LedgerSelection {
  accountId: number | null;
  month: YearMonth | null;
}

const STORAGE_KEY = 'mindspend.ledger';
const EMPTY: LedgerSelection = { accountId: null, month: null };

function isMonth(value: unknown): value is YearMonth {
  if (typeof value !== 'object' || value === null) return false;
  const { year, month } = value as { year?: unknown; month?: unknown };
  return Number.isInteger(year) && Number.isInteger(month) && Number(month) >= 1 && Number(month) <= 12;
}

function read(): LedgerSelection {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as { accountId?: unknown; month?: unknown };
    return {
      accountId: Number.isInteger(parsed.accountId) ? Number(parsed.accountId) : null,
      month: isMonth(parsed.month) ? { year: parsed.month.year, month: parsed.month.month } : null,
    };
  } catch {
    return EMPTY;
  }
}

let snapshot: LedgerSelection = read();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current selection (a stable object between changes). */
export function getLedgerSelection(): LedgerSelection {
  return snapshot;
}

/** Changes the account and/or month; unchanged values keep the same snapshot. */
export function setLedgerSelection(change: Partial<LedgerSelection>): void {
  const next = { ...snapshot, ...change };
  const same =
    next.accountId === snapshot.accountId &&
    next.month?.year === snapshot.month?.year &&
    next.month?.month === snapshot.month?.month;
  if (same) return;
  snapshot = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // Blocked storage: the selection then lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

/** Forgets the selection (sign-out, or the selected account was removed). */
export function clearLedgerSelection(): void {
  setLedgerSelection(EMPTY);
}

export function useLedgerSelection(): LedgerSelection {
  return useSyncExternalStore(subscribe, getLedgerSelection, getLedgerSelection);
}
