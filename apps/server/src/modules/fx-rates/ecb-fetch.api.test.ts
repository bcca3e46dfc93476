/**
 * Fetching the ECB's reference rates (issue 27, DECISIONS.md #87) from a stand-in serving the ECB's
 * XML: the daily and the 90-day file stored alike, each day once however often it is fetched, one
 * fetch per lease while several ask at once, a failed fetch tried again once its lease lapses, and
 * nothing fetched while FX_RATES_URL is unset.
 */
import { EcbFormatError } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEcb, startFakeEcb } from '../../test/fake-ecb';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { FETCH_EVERY_MS, LEASE_MS, fetchRatesWhenDue } from './fetch-when-due';
import { FxRatesJob } from './fx-rates.job';

const DAYS = [
  { date: '2026-11-20', rates: { USD: '1.05', JPY: '160.00', GBP: '0.87' } },
  { date: '2026-11-23', rates: { USD: '1.06', JPY: '161.00', GBP: '0.875' } },
  { date: '2026-11-24', rates: { USD: '1.0823', JPY: '162.35', GBP: '0.86905' } },
];

describe(`fetching the ECB's rates on ${TEST_DB}`, () => {
  let t: TestApp;
  let ecb: FakeEcb;

  beforeAll(async () => {
    ecb = await startFakeEcb(DAYS);
    t = await createTestApp();
    t.clock.set('2026-11-24T16:30:00Z');
  });
  afterAll(async () => {
    await t?.close();
    await ecb?.close();
  });

  const deps = () => ({ db: t.database.db, dialect: t.database.dialect, clock: t.clock });
  const stored = async () =>
    (await t.database.db.selectFrom('fx_ecb_rates').select(['currency', 'date', 'per_eur']).orderBy('date').orderBy('currency').execute()).map(
      (row) => `${row.date} ${row.currency} ${row.per_eur}`,
    );
  const later = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms + 1000).toISOString());

  it('stores the daily file’s day, then leaves the rates alone until they are due again', async () => {
    const summary = await fetchRatesWhenDue(deps(), `${ecb.url}/daily.xml`, 'process-a');
    expect(summary).toEqual({ days: 1, figures: 3, stored: 3, skipped: 0, firstDay: '2026-11-24' });
    expect(await stored()).toEqual(['2026-11-24 GBP 0.86905', '2026-11-24 JPY 162.35', '2026-11-24 USD 1.0823']);
    expect(await fetchRatesWhenDue(deps(), `${ecb.url}/daily.xml`, 'process-b')).toBeNull();
    expect(ecb.requests).toEqual(['/daily.xml']);
  });

  it('stores the 90-day file’s days, each day once', async () => {
    later(FETCH_EVERY_MS);
    const summary = await fetchRatesWhenDue(deps(), `${ecb.url}/hist-90d.xml`, 'process-b');
    expect(summary).toMatchObject({ days: 3, figures: 9, stored: 6, skipped: 0 });
    expect(await stored()).toHaveLength(9);
    later(FETCH_EVERY_MS);
    expect(await fetchRatesWhenDue(deps(), `${ecb.url}/hist-90d.xml`, 'process-a')).toMatchObject({ figures: 9, stored: 0 });
    expect(await stored()).toHaveLength(9);
  });

  it('answers the fetched rates in a book at once', async () => {
    const { token } = await registerUser(t.app, 'fetch-reader@example.com');
    const answer = await asUser(t.app, token, { method: 'GET', url: '/api/fx-rates/JPY/2026-11-22' });
    expect(answer.json()).toMatchObject({ date: '2026-11-20', rate: '0.0065625', source: 'ecb' });
  });

  it('fetches once when several processes look at the same moment', async () => {
    later(FETCH_EVERY_MS);
    const before = ecb.requests.length;
    const looks = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => fetchRatesWhenDue(deps(), `${ecb.url}/daily.xml`, holder)));
    expect(looks.filter((look) => look !== null)).toHaveLength(1);
    expect(ecb.requests.length - before).toBe(1);
  });

  it('tries a failed fetch again once its lease has lapsed, and stores nothing of a file that is not the ECB’s', async () => {
    later(FETCH_EVERY_MS);
    ecb.override = { status: 503, contentType: 'text/plain', body: 'Service Unavailable' };
    await expect(fetchRatesWhenDue(deps(), `${ecb.url}/daily.xml`, 'process-a')).rejects.toThrow('the server answered 503');
    expect(await fetchRatesWhenDue(deps(), `${ecb.url}/daily.xml`, 'process-b')).toBeNull();
    later(LEASE_MS);
    ecb.override = { status: 200, contentType: 'text/html', body: '<html><body>Maintenance</body></html>' };
    await expect(fetchRatesWhenDue(deps(), `${ecb.url}/daily.xml`, 'process-b')).rejects.toThrow(EcbFormatError);
    expect(await stored()).toHaveLength(9);
    later(LEASE_MS);
    ecb.override = null;
    // A purchase in a euro account on the 25th, converted at a member's rate of the 24th (theirs wins that day) until the ECB's 25th arrives.
    const { token } = await registerUser(t.app, 'fetch-euros@example.com');
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => asUser(t.app, token, { method, url, ...(payload && { payload }) });
    expect((await call('PUT', '/api/fx-rates/EUR/2026-11-24', { rate: '1.05' })).statusCode).toBeLessThan(300);
    const account = await call('POST', '/api/accounts', { name: 'Girokonto', account_type_id: 2, currency: 'EUR', most_recent_balance: { current_balance: 500, date: '2026-11-01' } });
    const purchase = await call('POST', `/api/accounts/${account.json<{ id: number }>().id}/transactions`, { type: 'expense', amount: 100, date: '2026-11-25' });
    expect(purchase.json()).toMatchObject({ base_amount: 105, fx_date: '2026-11-24' });

    ecb.days = [...DAYS, { date: '2026-11-25', rates: { USD: '1.0850', JPY: '163.10', GBP: '0.8702', XAU: '0.0004' } }];
    expect(await fetchRatesWhenDue(deps(), `${ecb.url}/daily.xml`, 'process-b')).toEqual({ days: 1, figures: 3, stored: 3, skipped: 1, firstDay: '2026-11-25' });
    const after = await call('GET', `/api/transactions/${purchase.json<{ id: number }>().id}`);
    expect(after.json()).toMatchObject({ amount: 100, base_amount: 108.5, fx_rate: '1.085', fx_date: '2026-11-25' });
  });

  it('runs from the job only when FX_RATES_URL is set', async () => {
    const job = (url: string | undefined) => new FxRatesJob({ ...deps(), config: { ...t.config, FX_RATES_URL: url }, logger: t.app.log });
    const before = ecb.requests.length;
    later(FETCH_EVERY_MS);
    expect(await job(undefined).run()).toBeNull();
    expect(ecb.requests.length).toBe(before);
    expect(await job(`${ecb.url}/hist-90d.xml`).run()).toMatchObject({ days: 4, stored: 0 });
    expect(ecb.requests.length).toBe(before + 1);
  });
});
