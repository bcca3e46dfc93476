/**
 * The scheduled bank sync (DECISIONS.md #106): a new row at the Bridge arrives with no request
 * from the person; failures are kept and retried after a backoff; a revoked access is shown as
 * "re-link needed" and left alone; two processes looking at once sync each link once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeSimpleFin, at, simplefinLink } from '../../test/fake-simplefin';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface InstitutionAnswer {
  id: number;
  status: string;
  last_sync: { at: string; added: number | null; error: string | null } | null;
  next_sync_at: string | null;
}

async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`the scheduled bank sync on ${TEST_DB}`, () => {
  let fake: FakeSimpleFin;
  beforeAll(async () => {
    fake = await FakeSimpleFin.start();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const link = async (t: TestApp, token: string) => {
    const response = await asUser(t.app, token, { method: 'POST', url: '/api/institutions/simplefin', payload: { setup_token: fake.setupToken() } });
    expect(response.statusCode).toBe(201);
    return response.json<InstitutionAnswer>();
  };
  const simplefinRows = (t: TestApp, bookId: number) =>
    t.database.db.selectFrom('transactions').select(['import_key', 'amount_cents', 'type']).where('book_id', '=', bookId).where('import_key', 'like', 'simplefin:%').execute();

  describe('with a short interval, on its own timer', () => {
    let t: TestApp;
    beforeAll(async () => {
      // 0.02 minutes: the job looks every 1.2 s.
      t = await createTestApp({ BANK_SYNC_INTERVAL_MINUTES: '0.02' }, { bankLink: simplefinLink() });
      t.clock.set('2026-11-20T12:00:00Z');
    });
    afterAll(() => t?.close());

    it('brings a new row at the Bridge without any request from the person', async () => {
      const { token, bookId } = await registerUser(t.app, 'scheduled@example.com');
      await link(t, token);
      expect(await simplefinRows(t, bookId)).toHaveLength(4);
      fake.addTransaction('ACT-checking', { id: 'TRN-new', posted: at('2026-11-20T11:00:00Z'), amount: '-18.40', description: 'BOOKSHOP' });
      // The app's clock moves past the link's next sync; no request is made from here on.
      t.clock.set('2026-11-20T12:05:00Z');
      const arrived = await eventually(async () => (await simplefinRows(t, bookId)).find((row) => row.import_key === 'simplefin:TRN-new'));
      expect(arrived).toEqual({ import_key: 'simplefin:TRN-new', amount_cents: 1840, type: 'expense' });
      expect(await simplefinRows(t, bookId)).toHaveLength(5);
      const [row] = await t.database.db.selectFrom('linked_institutions').select(['last_sync_added', 'last_sync_error', 'sync_failures']).execute();
      expect(row).toMatchObject({ last_sync_error: null, sync_failures: 0 });
    });
  });

  describe('run by hand, at the default interval', () => {
    let t: TestApp;
    let token: string;
    let bookId: number;
    beforeAll(async () => {
      t = await createTestApp({}, { bankLink: simplefinLink(300) });
      t.clock.set('2026-11-20T12:00:00Z');
      ({ token, bookId } = await registerUser(t.app, 'backoff@example.com'));
    });
    afterAll(() => t?.close());
    const institution = async () =>
      (await asUser(t.app, token, { method: 'GET', url: '/api/institutions' })).json<{ institutions: InstitutionAnswer[] }>().institutions[0];
    const syncCalls = () => fake.callsTo('/simplefin/accounts').filter((request) => request.path.includes('start-date')).length;

    it('is not due before the interval; a failure is kept and retried after 15, then 30 minutes; a success resets it', async () => {
      await link(t, token);
      const linked = await institution();
      expect(linked?.next_sync_at).toBe('2026-11-20T18:00:00.000Z');
      const before = syncCalls();
      expect(await t.app.bankSync.run()).toEqual({ synced: 0, failed: 0 });
      expect(syncCalls()).toBe(before);

      fake.handler = (request) => (request.path.startsWith('/simplefin/accounts') ? { status: 503, body: 'down', contentType: 'text/plain' } : undefined);
      t.clock.set('2026-11-20T18:00:00Z');
      expect(await t.app.bankSync.run()).toEqual({ synced: 0, failed: 1 });
      expect(await institution()).toMatchObject({
        status: 'connected',
        next_sync_at: '2026-11-20T18:15:00.000Z',
        last_sync: { at: '2026-11-20T18:00:00.000Z', added: null, error: expect.stringMatching(/could not be reached/) },
      });
      t.clock.set('2026-11-20T18:10:00Z');
      expect(await t.app.bankSync.run()).toEqual({ synced: 0, failed: 0 });
      t.clock.set('2026-11-20T18:15:00Z');
      expect(await t.app.bankSync.run()).toEqual({ synced: 0, failed: 1 });
      expect((await institution())?.next_sync_at).toBe('2026-11-20T18:45:00.000Z');

      fake.handler = () => undefined;
      fake.addTransaction('ACT-card', { id: 'TRN-9', posted: at('2026-11-20T17:00:00Z'), amount: '15.00', description: 'REFUND' });
      t.clock.set('2026-11-20T18:45:00Z');
      expect(await t.app.bankSync.run()).toEqual({ synced: 1, failed: 0 });
      expect(await institution()).toMatchObject({ next_sync_at: '2026-11-21T00:45:00.000Z', last_sync: { added: 1, error: null } });
      // A refund: money in at the bank, income in the ledger.
      expect((await simplefinRows(t, bookId)).find((row) => row.import_key === 'simplefin:TRN-9')).toMatchObject({ amount_cents: 1500, type: 'income' });
    });

    it('shows a revoked access as re-link needed, and does not try it again until it is linked again', async () => {
      fake.revokeAll();
      t.clock.set('2026-11-21T01:00:00Z');
      expect(await t.app.bankSync.run()).toEqual({ synced: 0, failed: 1 });
      expect(await institution()).toMatchObject({ status: 'relink_required', last_sync: { error: expect.stringMatching(/^Re-link needed/) } });
      const calls = syncCalls();
      t.clock.set('2026-11-22T01:00:00Z');
      expect(await t.app.bankSync.run()).toEqual({ synced: 0, failed: 0 });
      expect(syncCalls()).toBe(calls);
    });
  });

  describe.runIf(TEST_DB === 'postgres')('two processes looking at once', () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await createTestApp({}, { bankLink: simplefinLink() });
      second = await createTestApp({}, { bankLink: simplefinLink(), shareDatabaseWith: first });
      first.clock.set('2026-11-20T12:00:00Z');
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('syncs each link once', async () => {
      const links = [];
      for (let i = 0; i < 4; i += 1) {
        const { token } = await registerUser(first.app, `race-${i}@example.com`);
        links.push(await link(first, token));
      }
      const before = fake.callsTo('/simplefin/accounts').filter((request) => request.path.includes('start-date')).length;
      first.clock.set('2026-11-20T18:30:00Z');
      const looks = await Promise.all([first.app.bankSync.run(), second.app.bankSync.run()]);
      expect(looks.reduce((sum, look) => sum + (look?.synced ?? 0), 0)).toBe(links.length);
      const after = fake.callsTo('/simplefin/accounts').filter((request) => request.path.includes('start-date')).length;
      expect(after - before).toBe(links.length);
    });
  });
});
