import type { Account } from '@mindspend/api-contract';
import { resolveAccount } from '../../shared/ledger-shell/ledger-paths';
import { useLedgerSelection } from '../../shared/ledger-shell/ledger-selection';
import { useAccounts } from './api';

/** The account the ledger shows (the session's choice, else the first): modals act on it. */
export function useLedgerAccount(): { account: Account | null; loading: boolean } {
  const accounts = useAccounts();
  const selection = useLedgerSelection();
  return { account: resolveAccount(accounts.data ?? [], selection.accountId).account, loading: accounts.isPending };
}
