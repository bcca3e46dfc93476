/**
 * A @fastify/rate-limit store whose counters live in the database (`rate_limit_hits`, migration
 * 0009), so every server process sharing a PostgreSQL database counts against the same limit:
 * spreading attempts over N processes no longer buys N times the limit.
 *
 * Fixed windows, like the plugin's memory store: a key's first hit opens a window of `timeWindow`
 * ms and counts 1; later hits count up until the window ends, and the first hit after that opens a
 * new one. Each hit is ONE upsert that increments and reads back in the same statement, so hits
 * arriving at the same moment from different processes are all counted.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { countHit, deleteExpiredHits } from './rate-limit-hits.repo';

export interface RateLimitStoreDeps {
  db: Kysely<Database>;
  /**
   * Time comes from the application's clock (tests move it). Processes on different hosts rely on
   * synchronised clocks; a skew of a few seconds only moves when a window ends.
   */
  clock: Clock;
  logger: FastifyBaseLogger;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store as this module builds it (the plugin's own .d.ts lags its runtime; see below). */
export interface DatabaseRateLimitStore extends FastifyRateLimitStore {
  incr(key: string, callback: IncrCallback, timeWindow?: number): void;
  child(routeOptions: object): DatabaseRateLimitStore;
}

/** Each process deletes expired rows at most this often, so they do not pile up forever. */
export const SWEEP_INTERVAL_MS = 60_000;

/** The store class to hand to @fastify/rate-limit as `store`, bound to a database. */
export function databaseRateLimitStore(deps: RateLimitStoreDeps): new (options: object) => DatabaseRateLimitStore {
  const sweeper = new ExpiredRowSweeper(deps);

  return class Store implements DatabaseRateLimitStore {
    /** The plugin builds the root store from its options, then one child per limited route. */
    constructor(
      options: object,
      private readonly keyPrefix = '',
    ) {
      refuseUnsupported(options);
    }

    // The installed plugin (10.x) passes the window and the maximum (a fixed window needs no
    // maximum); its .d.ts still declares only `incr(key, callback)`, hence the optional window.
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      if (timeWindow === undefined) {
        callback(new Error('The rate limiter did not pass its time window to the store.'));
        return;
      }
      hit(deps, sweeper, this.keyPrefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => {
          // The plugin is registered with skipOnError, so this request goes through (see security.ts).
          deps.logger.error({ err: error }, 'Rate-limit store failed; the request was let through unlimited');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      refuseUnsupported(routeOptions);
      // Each limited route counts on its own, as with the memory store (one store per route).
      return new Store(routeOptions, `${routeKeyOf(routeOptions)}|`);
    }
  };
}

/** Counts one hit on `key` and returns the plugin's `{ current, ttl }`. */
async function hit(deps: RateLimitStoreDeps, sweeper: ExpiredRowSweeper, key: string, windowMs: number) {
  const now = deps.clock.now().getTime();
  const { count, expiresAt } = await countHit(deps.db, key, now, windowMs);
  await sweeper.sweepIfDue(now);
  return { current: count, ttl: Math.max(0, expiresAt - now) };
}

/** Deletes rows whose window has ended, at most once per SWEEP_INTERVAL_MS per process. */
class ExpiredRowSweeper {
  private nextSweepAt = 0;

  constructor(private readonly deps: RateLimitStoreDeps) {}

  /**
   * Awaited by the hit that triggers it: one indexed DELETE a minute is cheap, and awaiting keeps
   * its effect observable. A failed sweep is only logged (the next one catches up) and never
   * fails the hit. A row a concurrent hit has just renewed no longer matches and stays.
   */
  async sweepIfDue(now: number): Promise<void> {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_INTERVAL_MS;
    try {
      await deleteExpiredHits(this.deps.db, now);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'Could not delete expired rate-limit counters');
    }
  }
}

/**
 * The route part of a child store's keys. The plugin passes its merged options with the route
 * under `routeInfo` (its .d.ts says the route options themselves), hence the careful reading.
 */
function routeKeyOf(options: object): string {
  const route: unknown = 'routeInfo' in options ? options.routeInfo : options;
  if (typeof route !== 'object' || route === null) return '';
  const method = 'method' in route ? String(route.method) : '';
  const url = 'url' in route ? String(route.url) : '';
  return `${method} ${url}`;
}

/** The store keeps fixed windows only; a setting that needs more must not be silently ignored. */
function refuseUnsupported(options: object): void {
  const continues = 'continueExceeding' in options && options.continueExceeding === true;
  const backsOff = 'exponentialBackoff' in options && options.exponentialBackoff === true;
  if (continues || backsOff) {
    throw new Error('The database rate-limit store keeps fixed windows: no continueExceeding or exponentialBackoff.');
  }
}
