/**
 * What the fx-rates module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 * `rateOn` is what base amounts are computed with (DECISIONS.md #87).
 */
export { rateOn } from './rate-on';
export type { RateOn } from './rate-on';
export { amountsInBase, rowConverter } from './amounts-in-base';
export type { AmountsInBase, LineInAccount, RowAmounts, StoredLine } from './amounts-in-base';
