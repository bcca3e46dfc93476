/**
 * SimpleFIN Bridge through its stand-in (DECISIONS.md #106): linking claims the setup token, makes
 * an account per bank account and imports every row once with the right sign; later syncs add
 * only what is new; the Bridge's `errors` and a revoked access are shown; every bad token or
 * provider answer is a clear 4xx or 502 with nothing stored.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeSimpleFin, at, simplefinLink } from '../../test/fake-simplefin';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface InstitutionAnswer {
  id: number;
  name: string;
  provider: string;
  account_count: number;
  status: string;
  last_sync: { at: string; added: number | null; error: string | null } | null;
  next_sync_at: string | null;
  notices: string[];
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe(`SimpleFIN Bridge on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakeSimpleFin;
  let token: string;
  let bookId: number;

  beforeAll(async () => {
    fake = await FakeSimpleFin.start();
    t = await createTestApp({}, { bankLink: simplefinLink(400) });
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token, bookId } = await registerUser(t.app, 'simplefin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  // SimpleFIN runs no script of its own in the page: with it alone (every SQLite server) the policy
  // stays same-origin, and Plaid's hosts come only with Plaid (DECISIONS.md #115).
  it('lets no Plaid script, frame or call into the page when SimpleFIN is the only provider', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('plaid');
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = token) =>
    asUser(t.app, as, { method, url, ...(payload && { payload }) });
  const linkWith = (setupToken: string) => call('POST', '/api/institutions/simplefin', { setup_token: setupToken });
  const institutions = async () => (await call('GET', '/api/institutions')).json<{ providers: string[]; institutions: InstitutionAnswer[] }>();
  const rows = () =>
    t.database.db
      .selectFrom('transactions as t')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .select(['a.name as account', 't.import_key', 't.amount_cents', 't.type', 't.pending', 't.date'])
      .where('t.book_id', '=', bookId)
      .where('t.import_key', 'like', 'simplefin:%')
      .orderBy('a.name')
      .orderBy('t.import_key')
      .execute();
  const stored = async () => ({
    institutions: (await t.database.db.selectFrom('linked_institutions').select('id').where('book_id', '=', bookId).execute()).length,
    accounts: (await t.database.db.selectFrom('accounts').select('id').where('book_id', '=', bookId).execute()).length,
  });

  it('links with a setup token, makes an account per bank account, and imports every row once with its sign', async () => {
    expect((await institutions()).providers).toEqual(['simplefin']);
    const response = await linkWith(fake.setupToken());
    expect(response.statusCode).toBe(201);
    const institution = response.json<InstitutionAnswer>();
    expect(institution).toMatchObject({ name: 'Maple Credit Union', provider: 'simplefin', account_count: 2, status: 'connected', notices: [] });
    expect(institution.last_sync).toEqual({ at: '2026-11-20T12:00:00.000Z', added: 4, error: null });
    // Synced again by the schedule after BANK_SYNC_INTERVAL_MINUTES (360 by default).
    expect(institution.next_sync_at).toBe('2026-11-20T18:00:00.000Z');

    // SimpleFIN's positive is money in: "-33.29" is an expense of 33.29, "2500.00" income.
    expect(await rows()).toEqual([
      { account: 'Maple Credit Union Everyday Checking', import_key: 'simplefin:TRN-1', amount_cents: 3329, type: 'expense', pending: 0, date: '2026-11-10' },
      { account: 'Maple Credit Union Everyday Checking', import_key: 'simplefin:TRN-2', amount_cents: 250000, type: 'income', pending: 0, date: '2026-11-12' },
      { account: 'Maple Credit Union Everyday Checking', import_key: 'simplefin:TRN-3', amount_cents: 435, type: 'expense', pending: 1, date: '2026-11-19' },
      { account: 'Maple Credit Union Rewards Card', import_key: 'simplefin:TRN-1', amount_cents: 12000, type: 'expense', pending: 0, date: '2026-11-11' },
    ]);
    const accounts = (await call('GET', '/api/accounts')).json<Array<{ name: string; most_recent_balance: { current_balance: number; available_balance: number } | null }>>();
    expect(accounts.map((account) => [account.name, account.most_recent_balance?.current_balance, account.most_recent_balance?.available_balance])).toEqual([
      ['Maple Credit Union Everyday Checking', 1523.37, 1500],
      ['Maple Credit Union Rewards Card', -250.1, -250.1],
    ]);

    // The access URL is kept sealed: its password is nowhere in the row.
    const row = await t.database.db.selectFrom('linked_institutions').selectAll().where('id', '=', institution.id).executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toMatch(/^bank\.v1\./);
    expect(row.access_token_encrypted).not.toContain('127.0.0.1');
    // The first sync reached 90 days back, asked for pending rows, and sent the credentials as basic auth, not in the URL.
    const [first] = fake.callsTo('/simplefin/accounts').filter((request) => request.path.includes('start-date'));
    expect(new URLSearchParams(first?.path.split('?')[1]).get('start-date')).toBe(String(at('2026-11-20T12:00:00Z') - 90 * 86_400));
    expect(first?.path).toContain('pending=1');
    expect(first?.headers.authorization).toMatch(/^Basic /);
  });

  it('adds nothing on a second sync, and only the new row, once, on a third; a pending row that posts is updated in place', async () => {
    const [institution] = (await institutions()).institutions;
    if (!institution) throw new Error('no institution');
    t.clock.set('2026-11-21T12:00:00Z');
    const again = await call('POST', '/api/transactions/import', { institution_id: institution.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ imported: number }>().imported).toBe(0);
    // From the last fetch, less 14 days: a pending row may post late.
    const last = fake.callsTo('/simplefin/accounts').at(-1);
    expect(new URLSearchParams(last?.path.split('?')[1]).get('start-date')).toBe(String(at('2026-11-20T12:00:00Z') - 14 * 86_400));

    fake.addTransaction('ACT-checking', { id: 'TRN-4', posted: at('2026-11-21T10:00:00Z'), amount: '-0.29', description: 'PARKING' });
    const checking = fake.accounts[0];
    if (!checking) throw new Error('no account');
    checking.transactions = checking.transactions.map((row) => (row.id === 'TRN-3' ? { ...row, posted: at('2026-11-20T08:00:00Z'), pending: false } : row));
    const third = await call('POST', '/api/transactions/import', { institution_id: institution.id });
    expect(third.json<{ imported: number }>().imported).toBe(1);
    expect((await call('POST', '/api/transactions/import', {})).json<{ imported: number }>().imported).toBe(0);
    const all = await rows();
    expect(all).toHaveLength(5);
    expect(all.find((row) => row.import_key === 'simplefin:TRN-4')).toMatchObject({ amount_cents: 29, type: 'expense' });
    expect(all.find((row) => row.import_key === 'simplefin:TRN-3')).toMatchObject({ amount_cents: 435, pending: 0 });
    const [after] = (await institutions()).institutions;
    expect(after?.last_sync).toEqual({ at: '2026-11-21T12:00:00.000Z', added: 0, error: null });
  });

  it("shows the Bridge's errors to the person", async () => {
    fake.errors = ['Maple Credit Union: the connection needs your attention at the Bridge.'];
    await call('POST', '/api/transactions/import', {});
    const [institution] = (await institutions()).institutions;
    expect(institution?.notices).toEqual(['Maple Credit Union: the connection needs your attention at the Bridge.']);
  });

  it('refuses an amount with a fraction of a cent: the sync fails, says so, and writes nothing', async () => {
    fake.addTransaction('ACT-checking', { id: 'TRN-odd', posted: at('2026-11-21T10:00:00Z'), amount: '-1.005', description: 'ODD' });
    const before = (await rows()).length;
    const response = await call('POST', '/api/transactions/import', {});
    expect(response.statusCode).toBe(502);
    expect((await rows()).length).toBe(before);
    const [institution] = (await institutions()).institutions;
    expect(institution?.last_sync?.error).toMatch(/could not be reached/);
    expect(institution?.last_sync?.added).toBeNull();
  });

  it('answers 404 for "Sync now" of a bank of another book', async () => {
    const other = await registerUser(t.app, 'other-simplefin@example.com');
    const [institution] = (await institutions()).institutions;
    const response = await call('POST', '/api/transactions/import', { institution_id: institution?.id }, other.token);
    expect(response.statusCode).toBe(404);
  });

  it('shows a revoked access as re-link needed', async () => {
    fake.revokeAll();
    const response = await call('POST', '/api/transactions/import', {});
    expect(response.statusCode).toBe(403);
    const [institution] = (await institutions()).institutions;
    expect(institution?.status).toBe('relink_required');
    expect(institution?.last_sync?.error).toMatch(/^Re-link needed: SimpleFIN no longer gives access/);
  });

  describe('bad input: a clear answer, nothing stored', () => {
    const refuses = async (setupToken: string, status: number, message: RegExp) => {
      const before = await stored();
      const response = await linkWith(setupToken);
      expect(response.statusCode).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
      expect(await stored()).toEqual(before);
    };

    it('refuses a token that is not base64, or decodes to no URL', async () => {
      await refuses('this is not a token!', 400, /not a SimpleFIN setup token/);
      await refuses(b64('hello world'), 400, /does not hold a SimpleFIN claim address/);
      await refuses(b64('ftp://127.0.0.1/claim/1'), 400, /does not hold a SimpleFIN claim address/);
      const empty = await linkWith('   ');
      expect(empty.statusCode).toBeGreaterThanOrEqual(400);
      expect(empty.statusCode).toBeLessThan(500);
    });

    it('never calls a host outside SIMPLEFIN_ALLOWED_HOSTS', async () => {
      await refuses(b64('http://169.254.169.254/latest/meta-data'), 400, /169\.254\.169\.254 is not a SimpleFIN host/);
      await refuses(b64('http://localhost:5432/claim/1'), 400, /localhost is not a SimpleFIN host/);
      await refuses(b64('http://user:pw@10.0.0.1/claim'), 400, /10\.0\.0\.1 is not a SimpleFIN host/);
      expect(fake.requests).toHaveLength(0);
    });

    it('refuses an account kept in a unit that is not a currency (a SimpleFIN custom currency)', async () => {
      const [, card] = fake.accounts;
      if (card) card.currency = 'https://maple.example/reward-points';
      await refuses(fake.setupToken(), 422, /Rewards Card is kept in "https:\/\/maple\.example\/reward-points", which is not a currency Mindspend can hold; nothing was linked/);
    });

    it('refuses a token already claimed', async () => {
      const setupToken = fake.setupToken();
      expect((await linkWith(setupToken)).statusCode).toBe(201);
      await refuses(setupToken, 400, /already used or has expired/);
    });

    it('answers 502 when the Bridge fails, hangs, redirects, or answers something unusable', async () => {
      const unavailable = /could not be reached/;
      fake.handler = (request) => (request.path.startsWith('/claim/') ? { status: 500, body: 'oops', contentType: 'text/plain' } : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
      fake.handler = (request) => (request.path.startsWith('/claim/') ? 'hang' : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
      fake.handler = (request) => (request.path.startsWith('/claim/') ? { status: 302, body: '', headers: { location: 'http://169.254.169.254/' } } : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
      fake.handler = (request) => (request.path.startsWith('/claim/') ? { status: 200, body: 'http://u:p@169.254.169.254/simplefin', contentType: 'text/plain' } : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
      fake.handler = (request) => (request.path.startsWith('/claim/') ? { status: 200, body: 'not a url', contentType: 'text/plain' } : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
      fake.handler = (request) => (request.path.startsWith('/simplefin/accounts') ? { status: 200, body: { accounts: [{ id: 1 }] } } : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
      fake.handler = (request) => (request.path.startsWith('/simplefin/accounts') ? { status: 200, body: '<html>', contentType: 'text/html' } : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
      fake.handler = (request) => (request.path.startsWith('/simplefin/accounts') ? { status: 503, body: 'down', contentType: 'text/plain' } : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
      fake.handler = (request) => (request.path.startsWith('/simplefin/accounts') ? 'hang' : undefined);
      await refuses(fake.setupToken(), 502, unavailable);
    });
  });
});
