/**
 * Racing exchange rate fetches (issue 27, DECISIONS.md #87) on real server processes pointed at a
 * stand-in of the ECB: every process looks for due rates, one fetches, and each currency and day is
 * stored once. Then the two halves of that guarantee on their own, on two connections at once: the
 * job's lease lets one of them fetch, and two stores of the same figures store each once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { insertEcbFigures } from '../../modules/fx-rates/ecb-rates.repo';
import { FETCH_EVERY_MS, fetchRatesWhenDue } from '../../modules/fx-rates/fetch-when-due';
import { type FakeEcb, type FakeEcbDay, startFakeEcb } from '../fake-ecb';
import { type Cluster, TEST_DB, buildServer, sleep, startCluster, waitFor } from './harness';

const CURRENCIES = ['USD', 'JPY', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF'];

/** `count` working days of figures from `start`, as a 90-day file holds them. */
function days(start: string, count: number): FakeEcbDay[] {
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    rates: Object.fromEntries(CURRENCIES.map((currency, c) => [currency, `${c + 1}.${String(1000 + i).slice(1)}`])),
  }));
}

describe(`racing exchange rate fetches on ${TEST_DB}`, () => {
  let cluster: Cluster;
  let ecb: FakeEcb;
  const served = days('2026-09-01', 60);

  beforeAll(async () => {
    ecb = await startFakeEcb(served);
    await buildServer();
    cluster = await startCluster(undefined, { FX_RATES_URL: `${ecb.url}/hist-90d.xml` });
  });
  afterAll(async () => {
    await cluster?.stop();
    await ecb?.close();
  });

  function open() {
    return openDatabase({ databaseUrl: cluster.database.url, dataDir: cluster.database.dataDir });
  }

  const countRows = async (db: ReturnType<typeof open>['db']) =>
    Number((await db.selectFrom('fx_ecb_rates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('every process looks for due rates, one fetches, and each day is stored once', async () => {
    const handle = open();
    try {
      const all = served.length * CURRENCIES.length;
      expect(await waitFor(async () => ((await countRows(handle.db)) === all ? true : undefined), 30_000)).toBe(true);
      // Each process has looked 5 s after it started; give the last one started its look too.
      await sleep(7_000);
      expect(ecb.requests).toEqual(['/hist-90d.xml']);
      expect(await countRows(handle.db)).toBe(all);
      const leases = await handle.db.selectFrom('job_leases').selectAll().execute();
      expect(leases.map((lease) => lease.name)).toEqual(['fx-rates']);
    } finally {
      await handle.close();
    }
  });

  it('lets one of two connections asking at once fetch', async () => {
    const [a, b] = [open(), open()];
    try {
      // Past the lease the processes' fetch holds, as if the rates were due again.
      const clock = { now: () => new Date(Date.now() + FETCH_EVERY_MS + 60_000) };
      const before = ecb.requests.length;
      const looks = await Promise.all(
        [a, b, a, b].map((handle, i) => fetchRatesWhenDue({ db: handle.db, dialect: handle.dialect, clock }, `${ecb.url}/hist-90d.xml`, `racer-${i}`)),
      );
      expect(looks.filter((look) => look !== null)).toHaveLength(1);
      expect(ecb.requests.length - before).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('stores each day once when two connections store the same figures at once', async () => {
    const [a, b] = [open(), open()];
    try {
      const rows = days('2025-01-01', 90).flatMap((day) => Object.entries(day.rates).map(([currency, per_eur]) => ({ currency, date: day.date, per_eur })));
      const before = await countRows(a.db);
      const stored = await Promise.all([a, b, a, b, a, b].map((handle) => insertEcbFigures(handle.db, rows, new Date().toISOString())));
      expect(stored.reduce((sum, n) => sum + n, 0)).toBe(rows.length);
      expect(await countRows(a.db)).toBe(before + rows.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
