/**
 * Starts the ledger's requests as soon as the router matches a ledger URL, alongside the download
 * of the ledger's code instead of after its first render: the accounts, and when the URL names an
 * account and a month, that month's transactions and the accounts' month figures. The screen's
 * own queries (same keys) then find the answers in the cache or on their way. Measured by the
 * bench's web stage (scripts/bench/load/web-load.ts, DECISIONS.md #33).
 */
import { getSession } from '../../lib/session';
import { queryClient } from '../../lib/query-client';
import { idFromParam, monthFromParams } from '../../shared/ledger-shell/ledger-paths';
import { accountKeys, fetchAccountMonths, fetchAccounts } from '../accounts/api';
import { MONTH_CACHE_MS, fetchMonthTransactions, transactionKeys } from '../transactions/api';

export interface LedgerParams {
  accountId?: string | undefined;
  month?: string | undefined;
  year?: string | undefined;
}

export function prefetchLedger(params: LedgerParams): void {
  if (!getSession().token) return;
  void queryClient.prefetchQuery({ queryKey: accountKeys.list(), queryFn: fetchAccounts });
  const accountId = idFromParam(params.accountId);
  const month = monthFromParams(params.month, params.year);
  if (accountId === null || month === null) return;
  void queryClient.prefetchQuery({
    queryKey: transactionKeys.month(accountId, month),
    queryFn: () => fetchMonthTransactions(accountId, month),
    staleTime: MONTH_CACHE_MS,
  });
  void queryClient.prefetchQuery({
    queryKey: accountKeys.month(month),
    queryFn: () => fetchAccountMonths(month),
  });
}
