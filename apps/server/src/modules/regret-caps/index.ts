/**
 * What the regret-caps module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { monthOfDate, notifyPassedRegretCaps } from './regret-cap-alerts';
export { monthlySpendingWithRegret } from './regret-caps.repo';
