/**
 * What the regret-radar module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { type NewExpense, newExpense, notifyRegretRadar, REGRET_NOTICE_RECENT_DAYS } from './regret-notifications';
export { attachRegretWarnings, wireRegretWarning } from './regret-warnings';
