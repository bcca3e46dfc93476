// Issue 31's answers, timed in the ledger stage (scripts/bench/load/ledger-load.ts) on the
// 200,000-transaction data set: a pause's forecast (POST /api/pauses reads the payee's felt
// history and a year of regret triggers) and the subscriptions found in the book's expenses
// (GET /api/subscriptions). Neither answer is reused, so every answer is a first answer.
import type { ServerProcess } from '../../support/server-process';
import { median } from '../measures';

export const LOOKING_AHEAD_GOALS = { forecastMs: 50, subscriptionsMs: 100 };

export interface LookingAheadResult {
  /** Median ms of POST /api/pauses. */
  forecastMs: number;
  /** Felt purchases the forecast rested on. */
  forecastSimilar: number;
  /** Median ms of GET /api/subscriptions. */
  subscriptionsMs: number;
  subscriptionsFound: number;
}

async function timed(server: ServerProcess, token: string, method: 'GET' | 'POST', route: string, body?: unknown): Promise<{ ms: number; json: unknown }> {
  const start = performance.now();
  const response = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const ms = performance.now() - start;
  if (response.status >= 300) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return { ms, json: JSON.parse(text) };
}

/** Times `trials` forecasts of a purchase at `payee` and `trials` subscription lists, after one warm-up of each. */
export async function benchLookingAhead(server: ServerProcess, token: string, payee: string, trials = 9): Promise<LookingAheadResult> {
  const pause = { payee, amount: 42, payment_method: 'credit_card', note: 'bench' };
  const first = await timed(server, token, 'POST', '/api/pauses', pause);
  const forecasts: number[] = [];
  for (let i = 0; i < trials; i += 1) forecasts.push((await timed(server, token, 'POST', '/api/pauses', pause)).ms);
  const found = await timed(server, token, 'GET', '/api/subscriptions');
  const lists: number[] = [];
  for (let i = 0; i < trials; i += 1) lists.push((await timed(server, token, 'GET', '/api/subscriptions')).ms);
  return {
    forecastMs: Math.round(median(forecasts)),
    forecastSimilar: (first.json as { forecast: { similar: number } }).forecast.similar,
    subscriptionsMs: Math.round(median(lists)),
    subscriptionsFound: (found.json as { subscriptions: unknown[] }).subscriptions.length,
  };
}
