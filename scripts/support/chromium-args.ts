/**
 * The flags every Chromium this repository starts runs with: the browser tests
 * (apps/web/e2e/playwright.config.ts), the bench's web stage and the transferred-bytes check.
 * Headless, no GPU, and none of Chromium's own network traffic (updates, sync, QUIC probes) mixed
 * into what the app's pages load.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
