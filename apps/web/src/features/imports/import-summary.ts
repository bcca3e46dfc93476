/**
 * The last finished import, handed from the Import modal to the ledger, which shows its summary
 * until dismissed. Kept for the browser session so a reload of the ledger still shows it.
 */
import { createSessionStorageStore } from '../../lib/session-storage-store';
import { useExternalStore } from '../../lib/use-external-store';
import type { ImportJob } from './api';

export interface ImportSummary {
  job: ImportJob;
  accountName: string;
}

const store = createSessionStorageStore<ImportSummary | null>({
  key: 'mindspend.importSummary',
  empty: null,
  // Only setImportSummary writes this key, in this shape; one written before jobs carried notes
  // (DECISIONS.md #95) is read with none.
  parse: (stored) => {
    const summary = stored as ImportSummary | null;
    return summary && { ...summary, job: { ...summary.job, notes: Array.isArray(summary.job.notes) ? summary.job.notes : [] } };
  },
});

export function setImportSummary(summary: ImportSummary | null): void {
  store.set(summary);
}

export function useImportSummary(): ImportSummary | null {
  return useExternalStore(store);
}
