/**
 * What the accounts module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { balancesByAccount } from './accounts.presenter';
export { findAccount, insertAccount, insertBalance, listAccounts, listBalances } from './accounts.repo';
export { deletePrivateAccounts, listAccountsForMonth, requireAccount, requireAccountCurrency } from './accounts.service';
