/**
 * The sign-in rate limit across server processes. On PostgreSQL two apps share one schema, as two
 * processes behind a load balancer do, and must share the limit. On SQLite one process owns the
 * database and its counters stay in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../test/test-app';

const LIMIT = 4;
const onPostgres = TEST_DB === 'postgres';

/** A sign-in attempt from `address` with a wrong password: 401 until limited, then 429. */
function attempt(t: TestApp, address: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    payload: { email: 'guess@example.com', password: 'Guessing1' },
  });
}

async function statusesOf(apps: TestApp[], address: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const t of apps) statuses.push((await attempt(t, address)).statusCode);
  return statuses;
}

describe(`sign-in rate limit across server processes on ${TEST_DB}`, () => {
  let first: TestApp;
  let second: TestApp | undefined;
  /** Both processes on PostgreSQL; the one on SQLite. */
  let processes: TestApp[];

  beforeAll(async () => {
    const config = { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    first = await createTestApp(config);
    if (onPostgres) second = await createTestApp(config, { shareDatabaseWith: first });
    processes = second ? [first, second] : [first];
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  function counters() {
    return first.database.db.selectFrom('rate_limit_hits').select(['key', 'count']).orderBy('key').execute();
  }

  it('answers 429 to the attempt after the limit, counting in the database only on PostgreSQL', async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= LIMIT; n += 1) statuses.push((await attempt(processes[n % processes.length]!, '10.0.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(await counters()).toEqual(onPostgres ? [{ key: 'POST /api/login|10.0.0.1', count: LIMIT + 1 }] : []);
  });

  describe.runIf(onPostgres)('with two processes on one PostgreSQL database', () => {
    it('shares one limit per client address, whichever process answers', async () => {
      expect(await statusesOf([first, second!, first, second!], '10.0.0.2')).toEqual([401, 401, 401, 401]);
      const blocked = await attempt(second!, '10.0.0.2');
      expect(blocked.statusCode).toBe(429);
      // The clock stands still, so the whole window is left; the 429 body is unchanged.
      expect(blocked.json()).toEqual({ message: 'Too many attempts. Please try again in 60 seconds.' });
      expect((await attempt(first, '10.0.0.2')).statusCode).toBe(429);
      expect((await attempt(first, '10.0.0.3')).statusCode).toBe(401);
    });

    it('counts every one of many simultaneous attempts', async () => {
      const responses = await Promise.all(Array.from({ length: 12 }, (_, n) => attempt(processes[n % 2]!, '10.0.0.4')));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(12 - LIMIT);
      expect((await counters()).find((row) => row.key === 'POST /api/login|10.0.0.4')?.count).toBe(12);
    });

    it('opens a new window once the clock has passed the old one, on both processes', async () => {
      expect(await statusesOf([first, second!], '10.0.0.5')).toEqual([401, 401]);
      expect(await statusesOf([first, second!], '10.0.0.5')).toEqual([401, 401]);
      first.clock.advanceMinutes(0.5);
      const blocked = await attempt(second!, '10.0.0.5');
      expect(blocked.json().message).toBe('Too many attempts. Please try again in 30 seconds.');
      first.clock.advanceMinutes(0.5); // the processes share the test clock
      expect(await statusesOf([second!, first, second!, first, second!], '10.0.0.5')).toEqual([401, 401, 401, 401, 429]);
    });

    it('deletes expired counters, keeping live ones', async () => {
      await first.app.inject({ method: 'POST', url: '/api/forgot-password', remoteAddress: '10.0.0.6', payload: { email: 'a@example.com' } });
      expect((await counters()).map((row) => row.key)).toContain('POST /api/forgot-password|10.0.0.6');
      first.clock.advanceMinutes(2); // every window so far has ended, and a sweep is due
      await attempt(second!, '10.0.0.7');
      expect(await counters()).toEqual([{ key: 'POST /api/login|10.0.0.7', count: 1 }]);
    });
  });
});
