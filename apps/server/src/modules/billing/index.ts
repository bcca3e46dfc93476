/**
 * What the billing module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { authorizePaidPlan, recordPaidPlan, releaseUnrecordedGrant, stopRenewalBeforeDeletion } from './billing.service';
export { cardEntryGuard, registrationNeedsCard } from './card-entry';
