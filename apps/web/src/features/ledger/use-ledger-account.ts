import type { Account } from '@mindspend/api-contract';
import { useAccounts } from '../accounts/api';
import { resolveAccount } from './ledger-paths';
import { useLedgerSelection } from './ledger-selection';

/** The account the ledger shows (the session's choice, else the first): modals act on it. */
export function useLedgerAccount(): { account: Account | null; loading: boolean } {
  const accounts = useAccounts();
  const selection = useLedgerSelection();
  return { account: resolveAccount(accounts.data ?? [], selection.accountId).account, loading: accounts.isPending };
}
