/**
 * What the imports module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { type ImportOutcome, type ImportJobQueue } from './job-queue';
// The bench times the parse and the write on their own (scripts/bench/imports/), beside the upload.
export { prepareStatement } from './prepare-statement';
export { writeStatement } from './write-statement';
export { MAX_UPLOAD_BYTES, UPLOAD_BODY_LIMIT_BYTES } from './imports.routes';
