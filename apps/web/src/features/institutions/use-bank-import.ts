import { useState } from 'react';
import type { BankImportResponse } from './api';
import { importBankTransactions, invalidateInstitutions } from './api';
import { failureMessages, relinkRequest } from './failure-messages';

/**
 * 'Import new transactions' (spec §7 POST /transactions/import). A 403 naming an institution shows
 * its message and hands the institution to `relink` (spec §8: start the re-link flow); the message
 * goes once the bank is linked again.
 */
export function useBankImport(relink: (institutionId: number) => Promise<boolean>) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BankImportResponse | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const runImport = async () => {
    setBusy(true);
    setErrors([]);
    setResult(null);
    try {
      setResult(await importBankTransactions());
      await invalidateInstitutions();
    } catch (failure) {
      const request = relinkRequest(failure);
      setErrors(request ? [request.message] : failureMessages(failure));
      if (request && (await relink(request.institution_id))) setErrors([]);
    } finally {
      setBusy(false);
    }
  };

  return { busy, result, errors, runImport, dismiss: () => setResult(null) };
}
