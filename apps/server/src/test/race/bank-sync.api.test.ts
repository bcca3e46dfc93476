/**
 * The scheduled bank sync on REAL server processes (issue 32, DECISIONS.md #106): with the
 * interval at 1.2 s, every process looks for due links on its own timer, so on PostgreSQL two
 * processes race for the same links again and again. Each link must be fetched by one process at a
 * time (the lease), a new row at the Bridge must arrive with no request from the person, and it
 * must arrive once. The in-process test (modules/institutions/scheduled-sync.api.test.ts) drives
 * the job by hand; here nothing is driven.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FakeSimpleFin } from '../fake-simplefin';
import { Api, type Cluster, TEST_DB, buildServer, expectNoServerErrors, sleep, startCluster, waitFor } from './harness';

const INTERVAL_MS = 1_200;
const LINKS = 4;
/** How long the processes keep racing after the new row arrived: several intervals. */
const RACE_FOR_MS = 6_000;

const backupTransactions = z.object({ transactions: z.array(z.object({ payee: z.string().nullable().optional() })) });
const rowCount = async (api: Api) => backupTransactions.parse(await api.get('/export/backup.json')).transactions.length;

/** The access URL's user a fetch came with (each link has its own). */
function accessUser(authorization: string | undefined): string {
  const encoded = /^Basic (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  return Buffer.from(encoded, 'base64').toString('utf8').split(':')[0] ?? '';
}

describe(`the scheduled bank sync on ${TEST_DB} server processes`, () => {
  let fake: FakeSimpleFin;
  let cluster: Cluster;
  /** Every transactions fetch at the Bridge: which link, and when it arrived. */
  const fetches: Array<{ user: string; at: number }> = [];

  beforeAll(async () => {
    await buildServer();
    fake = await FakeSimpleFin.start();
    fake.handler = (request) => {
      if (request.path.startsWith('/simplefin/accounts?') && request.path.includes('start-date'))
        fetches.push({ user: accessUser(request.headers.authorization), at: Date.now() });
      return undefined;
    };
    cluster = await startCluster(undefined, {
      SIMPLEFIN_ALLOWED_HOSTS: '127.0.0.1',
      BANK_SYNC_INTERVAL_MINUTES: String(INTERVAL_MS / 60_000),
      // Every process sharing the database needs the same key (on SQLite a key file would do).
      BANK_TOKEN_ENCRYPTION_KEY: 'race-test-bank-key-0123456789-abcdefghijklmnop',
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
  });

  it(
    'fetches each link from one process at a time and brings a new row once, with no request',
    async () => {
      const people: Api[] = [];
      for (let i = 0; i < LINKS; i += 1) {
        const api = await Api.signUp(cluster, `race-bank-${i}@example.com`);
        await api.send('POST', '/institutions/simplefin', { setup_token: fake.setupToken() }, 201);
        people.push(api);
      }
      // Linking ran the first sync: the Bridge's four rows.
      for (const api of people) expect(await rowCount(api)).toBe(4);

      fake.addTransaction('ACT-checking', {
        id: 'TRN-new',
        posted: Math.floor(Date.now() / 1000),
        amount: '-18.40',
        description: 'BOOKSHOP',
      });
      for (const api of people) {
        const arrived = await waitFor(async () => ((await rowCount(api)) === 5 ? true : undefined), 30_000, 250);
        expect(arrived, 'the new row arrived by the schedule').toBe(true);
      }
      await sleep(RACE_FOR_MS);

      for (const api of people) expect(await rowCount(api), 'every row once').toBe(5);
      const byLink = new Map<string, number[]>();
      for (const fetch of fetches) byLink.set(fetch.user, [...(byLink.get(fetch.user) ?? []), fetch.at]);
      expect(byLink.size).toBe(LINKS);
      for (const [user, times] of byLink) {
        // The first fetch at linking, then the schedule's, several times over the race.
        expect(times.length, `${user}'s fetches`).toBeGreaterThanOrEqual(3);
        const gaps = times.slice(1).map((time, i) => time - (times[i] ?? time));
        // One process at a time, each after the link's due time: never two fetches of one link
        // within an interval (two processes syncing it at once would be milliseconds apart).
        expect(Math.min(...gaps), `${user}'s shortest gap between fetches, ms`).toBeGreaterThan(INTERVAL_MS * 0.75);
      }
      for (const api of people) expectNoServerErrors(api);
    },
    120_000,
  );
});
