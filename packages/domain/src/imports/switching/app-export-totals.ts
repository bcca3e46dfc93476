/**
 * What each account of an AppExport adds up to: its transactions plus both legs of its transfers.
 * The figure a person checks against the app they left ("my checking account was at 2,216.59"),
 * so the readers' tests and a summary can compare it with the file.
 */
import type { AppExport } from './app-export';

/** Signed cents per account name, in the export's account order (0 for an account with no rows). */
export function appAccountTotals(data: AppExport): Map<string, number> {
  const totals = new Map<string, number>(data.accounts.map((account) => [account.name, 0]));
  const add = (account: string, cents: number) => totals.set(account, (totals.get(account) ?? 0) + cents);
  for (const transaction of data.transactions) add(transaction.account, transaction.amountCents);
  for (const transfer of data.transfers) {
    add(transfer.from, -transfer.amountCents);
    add(transfer.to, transfer.toAmountCents);
  }
  return totals;
}
