// Lighthouse in the bench's web stage (issue 29, DECISIONS.md #110): Lighthouse 12's default
// configuration, which is its mobile preset (a Moto G Power's screen, simulated slow 4G and 4× CPU
// slowdown), through its Node API, on the landing page, the login page and a signed-in ledger
// month, each in Chromium at /usr/bin/chromium (CHROMIUM_PATH) started by Playwright with a remote
// debugging port Lighthouse connects to. Prints the performance score, LCP and TBT against the
// goals (performance ≥ 95, LCP < 2 s). The signed-in page needs the session in localStorage, which
// Lighthouse would clear: it is written first on a page of the origin that loads nothing of the app
// (/favicon.svg), and Lighthouse is told to keep the storage, so the load is still cold.
//
// Alone: `npm run build` then `node --import tsx scripts/bench/load/web-lighthouse.ts` (on an empty
// database, one account with no rows; the web stage passes its seeded server and user).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../../support/chromium-args';
import { ledgerUser } from '../../web/route-transfer-check';
import { type ServerProcess, freePort, startServer, stopServer } from '../../support/server-process';

export const LIGHTHOUSE_GOALS = { performance: 95, lcpMs: 2000 } as const;

export interface LighthousePage {
  name: string;
  url: string;
  /** The session to keep in localStorage for a signed-in page. */
  session?: { token: string; user: string };
}

export interface LighthouseResult {
  name: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
}

async function audit(page: LighthousePage): Promise<LighthouseResult> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mindspend-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'],
  });
  try {
    if (page.session) {
      const tab = browser.pages()[0] ?? (await browser.newPage());
      await tab.goto(new URL('/favicon.svg', page.url).toString());
      await tab.evaluate(
        ([token, user]) => {
          localStorage.setItem('mindspend.token', token);
          localStorage.setItem('mindspend.user', user);
        },
        [page.session.token, page.session.user] as const,
      );
    }
    const result = await lighthouse(page.url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(page.session),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${page.url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.message}`);
    const ms = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      name: page.name,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      fcpMs: ms('first-contentful-paint'),
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Each page audited in turn (Lighthouse wants the machine to itself, as far as it can have it). */
export async function runLighthouse(pages: readonly LighthousePage[]): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const page of pages) {
    const result = await audit(page);
    console.log(
      `    Lighthouse ${result.name}: performance ${result.performance}, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms`,
    );
    results.push(result);
  }
  return results;
}

export function lighthouseTable(results: readonly LighthouseResult[]): string {
  const { performance, lcpMs } = LIGHTHOUSE_GOALS;
  const lines = [
    '| Lighthouse 12, mobile (simulated slow 4G, 4× CPU) | performance | LCP | TBT | FCP | goal |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const met = r.performance >= performance && r.lcpMs < lcpMs ? 'met' : 'MISSED';
    lines.push(
      `| ${r.name} | ${r.performance} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${(r.fcpMs / 1000).toFixed(2)} s | ≥ ${performance}, LCP < ${lcpMs / 1000} s: ${met} |`,
    );
  }
  return lines.join('\n');
}

/** Goals each page missed, for the bench's summary. */
export function lighthouseMissed(results: readonly LighthouseResult[]): string[] {
  return results
    .filter((r) => r.performance < LIGHTHOUSE_GOALS.performance || r.lcpMs >= LIGHTHOUSE_GOALS.lcpMs)
    .map((r) => `Lighthouse ${r.name}: performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(2)} s`);
}

/** The landing, login and a ledger month of `server`, signed in as `session` on `accountId`. */
export function lighthousePages(
  server: ServerProcess,
  session: { token: string; user: string },
  ledgerPath: string,
): LighthousePage[] {
  return [
    { name: 'landing', url: `${server.baseUrl}/` },
    { name: 'login', url: `${server.baseUrl}/login` },
    { name: 'ledger month (signed in)', url: `${server.baseUrl}${ledgerPath}`, session },
  ];
}

/** The audit on the built server with a fresh SQLite DATA_DIR and a user with one empty account. */
export async function runLighthouseOnOwnServer(): Promise<LighthouseResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-lighthouse-data-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const server = await startServer(env);
  try {
    const { session, accountId } = await ledgerUser(server);
    const now = new Date();
    const ledgerPath = `/ledger/accounts/${accountId}/month/${now.getUTCMonth() + 1}/year/${now.getUTCFullYear()}`;
    return await runLighthouse(lighthousePages(server, session, ledgerPath));
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runLighthouseOnOwnServer().then(
    (results) => {
      console.log(`\n${lighthouseTable(results)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(
        `Lighthouse failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(1);
    },
  );
}
