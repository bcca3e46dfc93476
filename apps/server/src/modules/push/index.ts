/**
 * What the push module offers the other modules: they import it from here, never from its files
 * (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface. Only the
 * outbox: the import thread loads this file, and the sender (web-push) stays out of it; app.ts
 * starts the sender from its own file, as it does the other modules' jobs.
 */
export { type NudgeMark, markBeforeNewRows, queuePushNudge } from './nudge-outbox';
