/**
 * The last finished import, handed from the Import modal to the ledger, which shows its summary
 * until dismissed. Kept for the browser session so a reload of the ledger still shows it.
 */
import { useSyncExternalStore } from 'react';
import type { ImportJob } from './api';

export interface ImportSummary {
  job: ImportJob;
  accountName: string;
}

const STORAGE_KEY = 'mindspend.importSummary';
const listeners = new Set<() => void>();

function read(): ImportSummary | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as ImportSummary) : null;
  } catch {
    return null;
  }
}

let snapshot: ImportSummary | null = read();

export function setImportSummary(summary: ImportSummary | null): void {
  snapshot = summary;
  try {
    if (summary) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(summary));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Blocked storage: the summary lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const get = () => snapshot;

export function useImportSummary(): ImportSummary | null {
  return useSyncExternalStore(subscribe, get, get);
}
