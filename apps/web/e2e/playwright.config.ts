/**
 * Browser tests: Debian's Chromium against the real built app (apps/server/dist serving
 * apps/web/dist). Build first with `npm run build`; `npm run test:e2e` does both.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../../scripts/support/chromium-args';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated in the runner and again in each worker; workers inherit the runner's
// environment, so the fresh data directory is created once and shared through it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'mindspend-e2e-'));
process.env.E2E_SCREENSHOT_DIR ??= path.join(repoRoot, 'e2e-screenshots');
const dataDir = process.env.E2E_DATA_DIR;

const fullChromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Chromium's headless shell (Debian's chromium-headless-shell); the full browser when it is missing. */
const shellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
const headlessShell = existsSync(shellPath) ? shellPath : fullChromium;
/** Specs that need what only the full browser has (the Push API). */
const FULL_BROWSER_SPECS = /push-nudge\.spec\.ts$/;

function launchOptions(executablePath: string) {
  return {
    executablePath,
    args: CHROMIUM_ARGS,
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  // Two spec files at a time, one test of a file after another, against the one shared server: the
  // browser, the server and the runner keep both cores busy, where one worker left them waiting on
  // each other (docs/PERFORMANCE.md, "The test suite's time"). E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Recording a trace of every test cost a quarter of the suite's time. A failing test is run once
  // more, traced, for its trace to read. A pass on that retry lets the run pass, and the list
  // reporter names the test under "flaky" for the next engineer to mend: a race in a test (one
  // clicked a link before the ledger knew its accounts) must not throw away a whole CI run.
  retries: 1,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 860 },
    trace: 'on-first-retry',
    // The app honours reduced motion (theme.ts); tests wait for no modal to fade, and the renderer
    // paints no frames of animation.
    reducedMotion: 'reduce',
  },
  // Every spec but one runs in Chromium's headless shell, which draws the same pages for a fifth
  // less CPU than the full browser run headless (docs/PERFORMANCE.md, "The test suite's time");
  // the push nudge spec needs the full browser's Push API.
  projects: [
    {
      name: 'chromium',
      testIgnore: FULL_BROWSER_SPECS,
      use: { launchOptions: launchOptions(headlessShell) },
    },
    {
      name: 'chromium-full',
      testMatch: FULL_BROWSER_SPECS,
      use: { launchOptions: launchOptions(fullChromium) },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      PROMO_CODES: 'WELCOME100',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
});
