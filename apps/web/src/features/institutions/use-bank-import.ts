import { useState } from 'react';
import type { BankImportResponse } from './api';
import { importBankTransactions, invalidateInstitutions } from './api';
import { failureMessages, relinkRequest } from './failure-messages';

/**
 * 'Import new transactions' (spec §7 POST /transactions/import), or one link's "Sync now" (with its
 * id, DECISIONS.md #106). A 403 naming an institution shows
 * its message and hands the institution to `relink` (spec §8: start the re-link flow); the message
 * goes once the bank is linked again.
 */
export function useBankImport(relink: (institutionId: number) => Promise<boolean>) {
  /** 'all' for "Import new transactions", an institution's id for its "Sync now"; null when idle. */
  const [busy, setBusy] = useState<'all' | number | null>(null);
  const [result, setResult] = useState<BankImportResponse | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const runImport = async (institutionId?: number) => {
    setBusy(institutionId ?? 'all');
    setErrors([]);
    setResult(null);
    try {
      setResult(await importBankTransactions(institutionId));
      await invalidateInstitutions();
    } catch (failure) {
      const request = relinkRequest(failure);
      setErrors(request ? [request.message] : failureMessages(failure));
      if (request && (await relink(request.institution_id))) setErrors([]);
    } finally {
      setBusy(null);
    }
  };

  return { busy, result, errors, runImport, dismiss: () => setResult(null) };
}
