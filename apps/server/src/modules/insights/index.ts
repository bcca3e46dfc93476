/**
 * What the insights module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
// The bench times the regret-trigger queries with and without their index (scripts/bench/answers/).
export { incomeDates, triggerCounts } from './insights.repo';
