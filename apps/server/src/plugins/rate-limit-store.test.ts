/**
 * The database rate-limit store on an in-memory SQLite database: its SQL is the same on both
 * dialects (the server uses it on PostgreSQL only; rate-limit.api.test.ts covers that end to end).
 */
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { TestClock } from '../test/test-app';
import { type DatabaseRateLimitStore, databaseRateLimitStore, type RateLimitStoreDeps } from './rate-limit-store';
import securityPlugin, { rateLimited } from './security';

const MINUTE = 60_000;
const LOGIN = { routeInfo: { method: 'POST', url: '/api/login' } };

let database: DatabaseHandle;
let clock: TestClock;
let logged: string[];
let deps: RateLimitStoreDeps;

beforeEach(async () => {
  database = openDatabase({ dataDir: '', sqliteFile: ':memory:' });
  await migrateToLatest(database);
  clock = new TestClock(new Date('2026-03-01T12:00:00Z'));
  logged = [];
  const logger = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } } }).log;
  deps = { db: database.db, clock, logger };
});
afterEach(() => database.close());

/** The plugin's root store and its child for one route, as the plugin builds them. */
function routeStore(route: object = LOGIN): DatabaseRateLimitStore {
  const Store = databaseRateLimitStore(deps);
  return new Store({}).child(route);
}

function incr(store: DatabaseRateLimitStore, key: string, windowMs = MINUTE) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs);
  });
}

function rows() {
  return database.db.selectFrom('rate_limit_hits').select(['key', 'count', 'expires_at']).orderBy('key').execute();
}

describe('database rate-limit store', () => {
  it('counts hits per route and client within one fixed window, the time left read from the clock', async () => {
    const login = routeStore();
    const contact = routeStore({ routeInfo: { method: 'POST', url: '/api/contact' } });
    expect(await incr(login, '10.0.0.1')).toEqual({ current: 1, ttl: MINUTE });
    clock.advanceMinutes(0.25);
    expect(await incr(login, '10.0.0.1')).toEqual({ current: 2, ttl: 45_000 });
    expect(await incr(login, '10.0.0.2')).toEqual({ current: 1, ttl: MINUTE });
    expect(await incr(contact, '10.0.0.1')).toEqual({ current: 1, ttl: MINUTE });
    expect((await rows()).map((row) => [row.key, row.count])).toEqual([
      ['POST /api/contact|10.0.0.1', 1],
      ['POST /api/login|10.0.0.1', 2],
      ['POST /api/login|10.0.0.2', 1],
    ]);
  });

  it('opens a new window at the first hit after the old one ended', async () => {
    const login = routeStore();
    await incr(login, '10.0.0.1');
    await incr(login, '10.0.0.1');
    clock.advanceMinutes(1);
    expect(await incr(login, '10.0.0.1')).toEqual({ current: 1, ttl: MINUTE });
    expect(await incr(login, '10.0.0.1')).toEqual({ current: 2, ttl: MINUTE });
  });

  it('deletes expired rows, at most once a minute', async () => {
    const login = routeStore();
    await incr(login, 'old'); // the first hit sweeps (nothing yet); the next sweep is due in a minute
    await incr(login, 'short', 1_000);
    clock.advanceMinutes(0.5);
    await incr(login, 'new');
    expect((await rows()).map((row) => row.key)).toEqual(['POST /api/login|new', 'POST /api/login|old', 'POST /api/login|short']);
    clock.advanceMinutes(0.5); // a minute after the first sweep
    await incr(login, 'new');
    expect((await rows()).map((row) => row.key)).toEqual(['POST /api/login|new']);
  });

  it('refuses settings it would otherwise ignore', () => {
    const Store = databaseRateLimitStore(deps);
    expect(() => new Store({ continueExceeding: true })).toThrow(/continueExceeding/);
    expect(() => new Store({}).child({ ...LOGIN, exponentialBackoff: true })).toThrow(/exponentialBackoff/);
  });

  it('lets requests through, and logs why, when the database fails', async () => {
    const closed = openDatabase({ dataDir: '', sqliteFile: ':memory:' });
    await closed.close();
    const app = Fastify();
    // The store's SQL is portable; saying 'postgres' is what selects it.
    await app.register(securityPlugin, { ...deps, db: closed.db, dialect: 'postgres' });
    app.post('/limited', { config: rateLimited(1) }, async () => ({ ok: true }));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await app.inject({ method: 'POST', url: '/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    expect(logged.join('')).toMatch(/Rate-limit store failed/);
    await app.close();
  });
});
