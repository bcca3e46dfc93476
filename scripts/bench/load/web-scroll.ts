/// <reference lib="dom" />
// The web stage's scroll measure (issue 29, DECISIONS.md #109): a ledger month of about 3,000
// rows — the bench book's all-accounts month is 3,350 rows, but the web ledger shows one account
// at a time, so a second user's book holds that many in one account — scrolled from its first row
// to its last in the windowed table, 300 px per animation frame (a fast fling), with the CPU slowed
// 4× and at 1×. Counted: the main thread's long tasks (> 50 ms, PerformanceObserver 'longtask')
// while it scrolls, each one frames the phone could not draw. Goal: none at 4×.
import type { Browser, Page } from '@playwright/test';
import type { DatabaseHandle } from '../../../apps/server/src/db/connection';
import { DEFAULT_SEED, seedLedger } from '../seed/ledger-seed';
import { personalBookId } from '../seed/seed-helpers';

/** Rows of the scrolled month: the bench book's all-accounts month, about. */
export const SCROLL_ROWS = 3000;
/** Pixels scrolled per animation frame: about 18,000 px/s at 60 frames a second, a fast fling. */
const STEP_PX = 300;
export const SCROLL_GOAL_LONG_TASKS = 0;
const RATES = [1, 4] as const;

export interface ScrollRun {
  rate: number;
  rows: number;
  longTasks: number[];
  frames: number;
  ms: number;
  /** The `aria-rowindex` of the last row drawn at the end: the month's last row, header included. */
  lastRowIndex: number;
}

/**
 * Seeds one account of `userId`'s book with a year of rows, as dense as the bench book's five
 * accounts together (the last complete month holds about SCROLL_ROWS), and answers that account.
 */
export async function seedScrollMonth(handle: DatabaseHandle, userId: number, now: Date): Promise<{ accountId: number; month: { month: number; year: number } }> {
  const bookId = await personalBookId(handle.db, userId);
  // The seed spreads its rows evenly over the days from the 1st of this month a year ago to now.
  const start = Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1);
  const days = Math.round((now.getTime() - start) / 86_400_000);
  const lastMonthDays = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate();
  const seed = await seedLedger(handle, bookId, now, {
    ...DEFAULT_SEED,
    transactions: Math.ceil((SCROLL_ROWS * days) / lastMonthDays),
    accounts: 1,
    years: 1,
    otherUsers: 0,
    otherTransactions: 0,
    subscriptions: 0,
  });
  return { accountId: seed.accountIds[0]!, month: seed.month };
}

/**
 * Scrolls the windowed table from top to bottom, one step a frame, counting the long tasks. A
 * string, not a function: tsx's transform would add helpers (`__name`) the page does not have.
 */
const scrollThrough = `(async () => {
  const scroller = document.querySelector('[data-testid="ledger-scroller"]');
  if (!(scroller instanceof HTMLElement)) throw new Error('no ledger-scroller');
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(Math.round(entry.duration));
  });
  observer.observe({ type: 'longtask' });
  const started = performance.now();
  let frames = 0;
  await new Promise((resolve) => {
    const tick = () => {
      frames += 1;
      scroller.scrollTop += ${STEP_PX};
      // The bottom moves as rows are measured; the end is the bottom after the last step.
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const ms = performance.now() - started;
  // The last window's drawing, and the observer's report of a task still running, settle.
  await new Promise((resolve) => setTimeout(resolve, 500));
  observer.disconnect();
  const drawn = Array.from(document.querySelectorAll('[data-testid="transaction-row"]'), (row) => Number(row.getAttribute('aria-rowindex')));
  return { longTasks, frames, ms: Math.round(ms), lastRowIndex: Math.max(0, ...drawn) };
})()`;

/** Opens the month in a new signed-in page at each CPU rate and scrolls it through once. */
export async function measureScroll(
  browser: Browser,
  newPage: (browser: Browser) => Promise<Page>,
  url: string,
  rows: number,
): Promise<ScrollRun[]> {
  const runs: ScrollRun[] = [];
  for (const rate of RATES) {
    const page = await newPage(browser);
    try {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.goto(url);
      await page.getByTestId('transaction-row').first().waitFor({ timeout: 60_000 });
      // The load's own work (scripts, the month's answer, the summary) is not the scroll's.
      await page.waitForTimeout(1500);
      const measured = (await page.evaluate(scrollThrough)) as Omit<ScrollRun, 'rate' | 'rows'>;
      const run: ScrollRun = { rate, rows, ...measured };
      if (run.lastRowIndex !== rows + 1) throw new Error(`the scroll ended at row ${run.lastRowIndex - 1} of ${rows}`);
      console.log(
        `    scroll ${rate}×: ${run.frames} frames in ${(run.ms / 1000).toFixed(1)} s, long tasks ${run.longTasks.join(', ') || 'none'}`,
      );
      runs.push(run);
    } finally {
      await page.context().close();
    }
  }
  return runs;
}

/** The table's rows for the scroll, to print under the web stage's table. */
export function scrollTable(runs: ScrollRun[]): string {
  const byRate = (rate: number) => runs.find((run) => run.rate === rate);
  const cell = (rate: number) => {
    const run = byRate(rate);
    if (!run) return '—';
    const longest = Math.max(0, ...run.longTasks);
    return `${run.longTasks.length} (longest ${longest} ms; ${run.frames} frames in ${(run.ms / 1000).toFixed(1)} s)`;
  };
  const rows = runs[0]?.rows ?? SCROLL_ROWS;
  return [
    `| ledger month of ${rows} rows scrolled top to bottom, ${STEP_PX} px a frame | 1× CPU | 4× CPU throttling | goal |`,
    '| --- | --- | --- | --- |',
    `| long tasks (> 50 ms) while scrolling | ${cell(1)} | ${cell(4)} | ${SCROLL_GOAL_LONG_TASKS} at 4× |`,
  ].join('\n');
}

/** The goal missed, if it is: long tasks at 4×. */
export function scrollMissed(runs: ScrollRun[]): string[] {
  const at4 = runs.find((run) => run.rate === 4);
  return at4 && at4.longTasks.length > SCROLL_GOAL_LONG_TASKS ? [`${at4.longTasks.length} long tasks scrolling ${at4.rows} rows at 4×`] : [];
}
