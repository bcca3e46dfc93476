/**
 * What the push module offers the other modules: they import it from here, never from its files
 * (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { type NudgeMark, markBeforeNewRows, queuePushNudge } from './nudge-outbox';
export { PushNudgeJob } from './nudge-sender.job';
export { lazyVapidKeys } from './vapid-keys';
