/// <reference lib="dom" />
// The web stage of `npm run bench`: the ledger month as a phone opens it. The BUILT server (SQLite,
// a fresh DATA_DIR) serves the built web app and the bench data set (ledger-seed.ts: 200,000
// transactions, the one-account month ~670 rows); Debian's Chromium, driven by Playwright, opens
// /ledger/accounts/{id}/month/{m}/year/{y} signed in, with the CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate: a mid-range phone) and at 1× for comparison, and times
//
//   cold   an empty cache (a new browser context): index.html, every script and stylesheet, the API
//   warm   the same context again: scripts and styles from the cache (immutable), the API asked again
//
// from the start of the navigation (performance.now() = 0) to the first screenful of rows of the
// windowed table in the DOM (FIRST_SCREEN_ROWS rows, recorded by a MutationObserver in the page, so
// no polling delay is added). Median of BENCH_WEB_RUNS (3) runs each. Also prints the route bytes
// of scripts/web/route-budgets.ts and the bytes the browser counted on the cold load, and the long
// tasks while a 3,000-row month scrolls (web-scroll.ts, DECISIONS.md #109).
//
// Runs on its own too: `node --import tsx scripts/bench/load/web-load.ts` (after `npm run build`).
// Environment: BENCH_WEB_RUNS (3), BENCH_LEDGER_TRANSACTIONS (200000), CHROMIUM_PATH (/usr/bin/chromium),
// BENCH_WEB_TRACE=1 (prints every request of each load with its start and end: where the time goes),
// BENCH_WEB_PROF_DIR (writes a CPU profile of each load, for Chromium's DevTools, to that folder).
import { CHROMIUM_ARGS } from '../../support/chromium-args';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openDatabase } from '../../../apps/server/src/db/connection';
import { ManifestProblem } from '../../web/route-bytes';
import { type RouteBytes, bytesTable, measureRoutes } from '../../web/route-budgets';
import { DEFAULT_SEED, analyze, seedLedger } from '../seed/ledger-seed';
import { type ServerProcess, repoRoot, startServer, stopServer } from '../../support/server-process';
import { type ScrollRun, measureScroll, scrollMissed, scrollTable, seedScrollMonth } from './web-scroll';

/** Rows of the table that fill a phone's first screen (the windowed table draws a few more). */
const FIRST_SCREEN_ROWS = 10;
/** A mid-range phone's screen, in CSS pixels. */
const VIEWPORT = { width: 412, height: 915 };
const RATES = [1, 4] as const;
export const WEB_GOAL_MS = 1000;

export interface LoadTiming {
  /** Milliseconds from the navigation's start to the first screenful of rows. */
  rowsMs: number;
  /** Bytes the browser received for the document, scripts and stylesheets (transferSize). */
  transferBytes: number;
  /** Requests for scripts and stylesheets that went to the network (not the cache). */
  assetRequests: number;
}

export interface RateResult {
  rate: number;
  cold: LoadTiming[];
  warm: LoadTiming[];
}

export interface WebBenchResult {
  rows: number;
  routes: RouteBytes[];
  rates: RateResult[];
  scroll: ScrollRun[];
  table: string;
  missed: string[];
}

interface SignedInUser {
  token: string;
  user: { id: number; email: string };
}

// Runs in the page before the app: records when the first screenful of rows is in the DOM. A
// string, not a function: tsx's transform would add helpers the page does not have.
const watchRows = `(() => {
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('[data-testid="transaction-row"]').length < ${FIRST_SCREEN_ROWS}) return;
    window.__rowsVisibleAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function signUp(server: ServerProcess, email = 'web-bench@example.com'): Promise<SignedInUser> {
  const response = await fetch(`${server.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      plan: 'free',
      email,
      password: 'Mindful123',
      password_confirmation: 'Mindful123',
      timezone: 0,
    }),
  });
  const body = (await response.json()) as { api_token?: string; user?: { id: number; email: string } };
  if (response.status !== 201 || !body.api_token || !body.user) {
    throw new Error(`POST /api/register answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { token: body.api_token, user: body.user };
}

async function newSignedInContext(browser: Browser, user: SignedInUser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // The session as the app keeps it with "Remember me" (apps/web/src/lib/storage.ts).
  await context.addInitScript(
    ([token, record]) => {
      if (!localStorage.getItem('mindspend.token')) {
        localStorage.setItem('mindspend.token', token);
        localStorage.setItem('mindspend.user', record);
      }
    },
    [user.token, JSON.stringify(user.user)] as const,
  );
  await context.addInitScript(watchRows);
  return context;
}

/** BENCH_WEB_TRACE=1: each request's start and end (ms from the navigation) and the first paint. */
async function printTimeline(page: Page): Promise<void> {
  const timeline = await page.evaluate(() => [
    ...performance.getEntriesByType('paint').map((entry) => `${entry.name} ${Math.round(entry.startTime)}`),
    ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (entry) =>
        `${entry.name.replace(location.origin, '')} ${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms, ${entry.transferSize} B`,
    ),
  ]);
  console.log(timeline.map((line) => `      ${line}`).join('\n'));
}

async function timeLoad(context: BrowserContext, url: string, rate: number): Promise<LoadTiming> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const profileDir = process.env.BENCH_WEB_PROF_DIR;
    if (profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(
        () => (window as unknown as { __rowsVisibleAt?: number }).__rowsVisibleAt !== undefined,
        null,
        {
          timeout: 60_000,
        },
      );
    } catch (error) {
      const shot = path.join(os.tmpdir(), 'mindspend-web-bench-timeout.png');
      await page.screenshot({ path: shot });
      throw new Error(`no ${FIRST_SCREEN_ROWS} rows at ${page.url()} within 60 s (screenshot: ${shot})`, {
        cause: error,
      });
    }
    if (profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      const file = path.join(profileDir, `ledger-${rate}x-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`      CPU profile: ${file}`);
    }
    if (process.env.BENCH_WEB_TRACE) await printTimeline(page);
    return await page.evaluate(() => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      const assets = entries.filter(
        (entry) =>
          entry.entryType === 'navigation' ||
          entry.initiatorType === 'script' ||
          entry.initiatorType === 'link' ||
          /\.(js|css)$/.test(entry.name),
      );
      return {
        rowsMs: (window as unknown as { __rowsVisibleAt: number }).__rowsVisibleAt,
        transferBytes: assets.reduce((sum, entry) => sum + entry.transferSize, 0),
        assetRequests: assets.filter((entry) => entry.entryType !== 'navigation' && entry.transferSize > 0)
          .length,
      };
    });
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function webTable(result: Omit<WebBenchResult, 'table' | 'missed'>): string {
  const scroll = result.scroll.length ? `\n\n${scrollTable(result.scroll)}` : '';
  const byRate = (rate: number) => result.rates.find((r) => r.rate === rate)!;
  const cell = (rate: number, kind: 'cold' | 'warm') => {
    const timings = byRate(rate)[kind].map((t) => t.rowsMs);
    return `${seconds(median(timings))} (${timings.map((ms) => (ms / 1000).toFixed(2)).join(', ')})`;
  };
  const cold = byRate(4).cold;
  const lines = [
    `| ledger month (${result.rows} rows), ${VIEWPORT.width}×${VIEWPORT.height}, first ${FIRST_SCREEN_ROWS} rows in the DOM | 1× CPU | 4× CPU throttling | goal |`,
    '| --- | --- | --- | --- |',
    `| cold: empty cache (median, runs) | ${cell(1, 'cold')} | ${cell(4, 'cold')} | < 1 s at 4× |`,
    `| warm: scripts and styles cached (median, runs) | ${cell(1, 'warm')} | ${cell(4, 'warm')} | < 1 s at 4× |`,
    `| cold load: HTML, JS and CSS transferred, as the browser counts them | ${(median(cold.map((t) => t.transferBytes)) / 1000).toFixed(1)} KB in ${median(cold.map((t) => t.assetRequests))} requests | | |`,
  ];
  return (
    (result.routes.length ? `${lines.join('\n')}\n\n${bytesTable(result.routes)}` : lines.join('\n')) + scroll
  );
}

export async function benchWeb(options: { runs: number; transactions: number }): Promise<WebBenchResult> {
  // BENCH_SERVER_ROOT measures another checkout's build; one from before the route budgets
  // (issue 13) has no manifest, and only its times are measured.
  let routes: RouteBytes[] = [];
  try {
    routes = measureRoutes(path.join(repoRoot, 'apps/web/dist'));
  } catch (error) {
    if (!(error instanceof ManifestProblem)) throw error;
    console.log(`  web: no route bytes (${error.message})`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-web-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  try {
    // The first start migrates the fresh database; the user signs up through the API.
    server = await startServer(env);
    const user = await signUp(server);
    const scrollUser = await signUp(server, 'web-bench-scroll@example.com');
    const handle = openDatabase({ dataDir });
    let seed;
    let scrollSeed;
    try {
      seed = await seedLedger(handle, user.user.id, new Date(), {
        ...DEFAULT_SEED,
        transactions: options.transactions,
      });
      scrollSeed = await seedScrollMonth(handle, scrollUser.user.id, new Date());
      await analyze(handle);
    } finally {
      await handle.close();
    }
    await stopServer(server);
    server = await startServer(env);

    const { month, year } = seed.month;
    const accountId = seed.accountIds[0]!;
    const monthAnswer = await fetch(
      `${server.baseUrl}/api/accounts/${accountId}/transactions/month/${month}/year/${year}`,
      {
        headers: { authorization: `Bearer ${user.token}` },
      },
    );
    const rows = ((await monthAnswer.json()) as unknown[]).length;
    const url = `${server.baseUrl}/ledger/accounts/${accountId}/month/${month}/year/${year}`;
    const loadAverage = os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
    console.log(`  web: ${url} (${rows} rows), ${options.runs} runs per rate, load average ${loadAverage}`);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const rates: RateResult[] = [];
    for (const rate of RATES) {
      const result: RateResult = { rate, cold: [], warm: [] };
      for (let run = 1; run <= options.runs; run++) {
        const context = await newSignedInContext(browser, user);
        try {
          const cold = await timeLoad(context, url, rate);
          const warm = await timeLoad(context, url, rate);
          result.cold.push(cold);
          result.warm.push(warm);
          console.log(
            `    ${rate}× run ${run}: cold ${seconds(cold.rowsMs)} (${(cold.transferBytes / 1000).toFixed(1)} KB, ${cold.assetRequests} asset requests), warm ${seconds(warm.rowsMs)} (${warm.assetRequests} asset requests)`,
          );
        } finally {
          await context.close();
        }
      }
      rates.push(result);
    }

    const scrollPath = `/api/accounts/${scrollSeed.accountId}/transactions/month/${scrollSeed.month.month}/year/${scrollSeed.month.year}`;
    const scrollAnswer = await fetch(`${server.baseUrl}${scrollPath}`, {
      headers: { authorization: `Bearer ${scrollUser.token}` },
    });
    const scrollRows = ((await scrollAnswer.json()) as unknown[]).length;
    const scrollUrl = `${server.baseUrl}/ledger/accounts/${scrollSeed.accountId}/month/${scrollSeed.month.month}/year/${scrollSeed.month.year}`;
    console.log(`  web: scrolling ${scrollUrl} (${scrollRows} rows)`);
    const scroll = await measureScroll(
      browser,
      async (opened) => (await newSignedInContext(opened, scrollUser)).newPage(),
      scrollUrl,
      scrollRows,
    );

    const partial = { rows, routes, rates, scroll };
    const at4 = rates.find((r) => r.rate === 4)!;
    const missed: string[] = [];
    const cold4 = median(at4.cold.map((t) => t.rowsMs));
    const warm4 = median(at4.warm.map((t) => t.rowsMs));
    if (cold4 >= WEB_GOAL_MS) missed.push(`ledger month cold at 4× ${seconds(cold4)}`);
    if (warm4 >= WEB_GOAL_MS) missed.push(`ledger month warm at 4× ${seconds(warm4)}`);
    missed.push(...scrollMissed(scroll));
    return { ...partial, table: webTable(partial), missed };
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function webOptionsFromEnv(): { runs: number; transactions: number } {
  return {
    runs: Number(process.env.BENCH_WEB_RUNS ?? 3),
    transactions: Number(process.env.BENCH_LEDGER_TRANSACTIONS ?? DEFAULT_SEED.transactions),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchWeb(webOptionsFromEnv())
    .then((result) => {
      console.log(`\n${result.table}\n`);
      if (result.missed.length) console.log(`Web goals missed (not enforced): ${result.missed.join('; ')}`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(
        `web bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(1);
    });
}
