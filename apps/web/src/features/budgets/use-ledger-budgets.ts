import { useEffect } from 'react';
import type { YearMonth } from '@mindspend/domain';
import { useBudgetsMonth } from './api';

/**
 * The month's budgets for the ledger's summary panel. `version` changes whenever the ledger's
 * transactions reload (a transaction saved or removed), and spent figures are asked again then.
 */
export function useLedgerBudgets(month: YearMonth, version: number) {
  const budgets = useBudgetsMonth(month);
  const { refetch } = budgets;
  useEffect(() => {
    if (version > 0) void refetch();
  }, [version, refetch]);
  return budgets.data ?? null;
}
