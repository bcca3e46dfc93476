/** Accounts as the API shows them (spec §3 Account): dollars, balance history, type object. */
import type { Account, Balance } from '@mindspend/api-contract';
import { fromCents } from '@mindspend/domain';
import type { BalanceRow } from '../../db/ledger-schema';
import type { AccountWithType } from './accounts.repo';

export function presentBalance(row: BalanceRow): Balance {
  return {
    id: row.id,
    current_balance: fromCents(Number(row.current_balance_cents)),
    available_balance: fromCents(Number(row.available_balance_cents)),
    limit: row.limit_cents === null ? null : fromCents(Number(row.limit_cents)),
    date: row.date,
  };
}

/** `balances` is this account's history, oldest first; `mostRecent` the entry that applies. */
export function presentAccount(row: AccountWithType, balances: BalanceRow[], mostRecent?: BalanceRow): Account {
  const current = mostRecent ?? balances.at(-1);
  return {
    id: row.id,
    name: row.name,
    account_type_id: row.account_type_id,
    type: { id: row.account_type_id, name: row.type_name },
    subtype: row.subtype,
    most_recent_balance: current ? presentBalance(current) : null,
    balance: balances.map(presentBalance),
    // Another member's private account never reaches a presenter: the repo leaves it out.
    private: row.private_user_id !== null,
    currency: row.currency,
    created_at_js: row.created_at,
  };
}

/** Groups balance rows (sorted by account) per account id. */
export function balancesByAccount(rows: BalanceRow[]): Map<number, BalanceRow[]> {
  const grouped = new Map<number, BalanceRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.account_id) ?? [];
    list.push(row);
    grouped.set(row.account_id, list);
  }
  return grouped;
}

/** The balance that applies to a month ending on `monthEnd`: the latest read by then, else the first. */
export function balanceForMonth(balances: BalanceRow[], monthEnd: string): BalanceRow | undefined {
  const readByThen = balances.filter((balance) => balance.date <= monthEnd);
  return readByThen.at(-1) ?? balances[0];
}
