/// <reference lib="dom" />
// Bytes as Chromium counts them (issue 29, DECISIONS.md #110): one route opened in a new browser
// context (a cold profile: no cache, no service worker yet) through the Chrome DevTools Protocol.
// Every response of the page's load is summed at `Network.loadingFinished.encodedDataLength`, which
// is what went over the wire for it: the status line and headers plus the body as sent
// (compressed). Requests are counted at `Network.requestWillBeSent`, and those sent before the page
// was usable (TransferBudget.usable: its selectors visible and the load event fired, as recorded in
// the page) are counted apart, by the wall-clock time Chromium gives each request.
import type { Browser, CDPSession } from '@playwright/test';
import type { RouteTransfer, TransferBudget } from './transfer-budgets';

/** A phone's screen, as the bench's web stage opens the ledger. */
const VIEWPORT = { width: 412, height: 915 };
/** The load is over when no request is in flight for this long after the page is usable. */
const QUIET_MS = 1000;
const TIMEOUT_MS = 60_000;

export interface StoredSession {
  token: string;
  /** The user as `GET /api/user` answers it, as the web app keeps it. */
  user: string;
}

// Runs in the page before the app: records the epoch milliseconds at which every selector matches a
// visible element with the load event fired. A string, not a function: tsx's transform would add
// helpers the page does not have.
const watchUsable = (selectors: readonly string[]) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const shown = (selector) => [...document.querySelectorAll(selector)].some((element) =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden');
  const check = () => {
    if (window.__usableAt !== undefined || document.readyState !== 'complete') return;
    if (!selectors.every(shown)) return;
    window.__usableAt = performance.timeOrigin + performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  addEventListener('load', () => setTimeout(check, 0));
})();`;

interface RequestLog {
  sentAt: Map<string, number>;
  urls: Map<string, string>;
  bytesOf: Map<string, number>;
  inFlight: Set<string>;
  bytes: number;
  headerBytes: number;
  lastActivity: number;
}

function logRequests(cdp: CDPSession): RequestLog {
  const log: RequestLog = { sentAt: new Map(), urls: new Map(), bytesOf: new Map(), inFlight: new Set(), bytes: 0, headerBytes: 0, lastActivity: Date.now() };
  cdp.on('Network.requestWillBeSent', (event) => {
    // A redirect reuses its request's id: the first send is the one that counts.
    if (!log.sentAt.has(event.requestId)) log.sentAt.set(event.requestId, event.wallTime * 1000);
    log.urls.set(event.requestId, event.request.url);
    log.inFlight.add(event.requestId);
    log.lastActivity = Date.now();
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    log.headerBytes += event.headersText?.length ?? 0;
  });
  cdp.on('Network.loadingFinished', (event) => {
    log.bytes += event.encodedDataLength;
    log.bytesOf.set(event.requestId, event.encodedDataLength);
    log.inFlight.delete(event.requestId);
    log.lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (event) => {
    log.inFlight.delete(event.requestId);
    log.lastActivity = Date.now();
  });
  return log;
}

async function settled(log: RequestLog): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (log.inFlight.size > 0 || Date.now() - log.lastActivity < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens `url` in a new context of `browser` (signed in with `session` when given) and counts its load. */
export async function measureTransfer(
  browser: Browser,
  url: string,
  budget: TransferBudget,
  session?: StoredSession,
): Promise<RouteTransfer> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (session) {
      // The session as the app keeps it with "Remember me" (apps/web/src/lib/storage.ts).
      await context.addInitScript(
        ([token, user]) => {
          localStorage.setItem('mindspend.token', token);
          localStorage.setItem('mindspend.user', user);
        },
        [session.token, session.user] as const,
      );
    }
    await context.addInitScript(watchUsable(budget.usable));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const log = logRequests(cdp);
    await cdp.send('Network.enable');
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    const usableAt = (await (
      await page.waitForFunction(() => (window as unknown as { __usableAt?: number }).__usableAt, null, {
        timeout: TIMEOUT_MS,
      })
    ).jsonValue()) as number;
    await settled(log);
    const sent = [...log.sentAt.values()];
    // ROUTE_TRANSFER_TRACE=1: every request with its bytes, in the order sent (what to cut).
    if (process.env.ROUTE_TRANSFER_TRACE) {
      for (const [id, url] of log.urls) console.log(`    ${log.bytesOf.get(id) ?? 'failed'} B ${url.replace(/^https?:\/\/[^/]+/, '')}`);
    }
    return {
      budget,
      bytes: log.bytes,
      requests: sent.length,
      requestsBeforeUsable: sent.filter((at) => at <= usableAt).length,
      usableMs: usableAt - started,
      headerBytes: log.headerBytes,
    };
  } finally {
    await context.close();
  }
}
