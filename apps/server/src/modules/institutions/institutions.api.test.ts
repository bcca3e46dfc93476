import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakePlaid, type FakePlaidTransaction, bankLinkTo, plaidError } from '../../test/fake-plaid';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface AccountAnswer {
  id: number;
  name: string;
  type: { name: string };
  most_recent_balance: {
    current_balance: number;
    available_balance: number;
    limit: number | null;
    date: string;
  } | null;
}
interface InstitutionAnswer {
  id: number;
  name: string;
  account_count: number;
  status: string;
  last_synced_at: string | null;
}
interface ImportAnswer {
  imported: number;
  uncategorizedTransactions: Array<{
    account_id: number;
    account_name: string;
    transactions: Array<{
      amount: number;
      type: string;
      pending: number;
      entity: { name: string } | null;
      date: string;
    }>;
  }>;
}

const tx = (id: string, amount: number, extra: Partial<FakePlaidTransaction> = {}): FakePlaidTransaction => ({
  transaction_id: id,
  account_id: 'acc-checking',
  amount,
  date: '2026-11-10',
  name: `CARD PURCHASE ${id.toUpperCase()}`,
  merchant_name: null,
  pending: false,
  ...extra,
});

describe(`bank linking through Plaid on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakePlaid;
  let token: string;

  beforeAll(async () => {
    fake = await FakePlaid.start();
    t = await createTestApp({}, { bankLink: bankLinkTo(fake) });
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'plaid@example.com'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = token) =>
    asUser(t.app, as, { method, url, ...(payload && { payload }) });
  const link = async (name = 'Chase') => {
    const response = await call('POST', '/api/institutions', {
      public_token: 'public-sandbox-1',
      institution_name: name,
    });
    expect(response.statusCode).toBe(201);
    return response.json<InstitutionAnswer>();
  };
  const bankImport = () => call('POST', '/api/transactions/import', {});
  const accounts = async () => (await call('GET', '/api/accounts')).json<AccountAnswer[]>();
  const plaidRows = async () =>
    t.database.db
      .selectFrom('transactions')
      .select(['import_key', 'amount_cents', 'type', 'pending'])
      .where('import_key', 'like', 'plaid:%')
      .orderBy('import_key')
      .execute();

  it('says a provider is configured, and hands out a link token', async () => {
    expect((await call('GET', '/api/institutions')).json()).toEqual({
      provider_configured: true,
      providers: ['plaid'],
      institutions: [],
    });
    const response = await call('POST', '/api/institutions/link-token', {});
    expect(response.statusCode).toBe(200);
    expect(response.json<{ link_token: string }>().link_token).toMatch(/^link-sandbox/);
    expect(fake.requests[0]?.body).toMatchObject({
      products: ['transactions'],
      user: { client_user_id: expect.any(String) },
    });
  });

  it('allows the Link widget in the Content-Security-Policy', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp).toContain("script-src 'self' https://cdn.plaid.com");
    expect(csp).toContain('frame-src https://cdn.plaid.com');
    expect(csp).toContain("connect-src 'self' https://*.plaid.com");
  });

  it('links a bank: one account per bank account with its balance, token sealed at rest', async () => {
    fake.pushChanges({ added: [tx('first', 12.5)] });
    const institution = await link();
    expect(institution).toMatchObject({
      name: 'Chase',
      account_count: 3,
      status: 'connected',
      last_synced_at: '2026-11-20T12:00:00.000Z',
    });
    expect(fake.paths()).toEqual(['/item/public_token/exchange', '/accounts/get', '/transactions/sync']);

    const list = await accounts();
    expect(list.map((account) => [account.name, account.type.name])).toEqual([
      ['Chase Checking ••0000', 'Checking'],
      ['Chase Savings ••1111', 'Savings'],
      ['Chase Credit Card ••3333', 'Credit card'],
    ]);
    expect(list[0]?.most_recent_balance).toMatchObject({
      current_balance: 110,
      available_balance: 100,
      limit: null,
      date: '2026-11-20',
    });
    expect(list[2]?.most_recent_balance).toMatchObject({ current_balance: 410, limit: 2000 });

    const stored = await t.database.db
      .selectFrom('linked_institutions')
      .select('access_token_encrypted')
      .executeTakeFirstOrThrow();
    expect(stored.access_token_encrypted).not.toContain('access-sandbox');
    // The first sync already brought the bank's transactions in.
    expect((await plaidRows()).map((row) => row.import_key)).toEqual(['plaid:first']);
  });

  it('imports new transactions once, with their direction, and answers the uncategorized ones', async () => {
    fake.pushChanges({
      added: [
        tx('coffee', 4.75, { merchant_name: 'Starbucks' }),
        tx('pay', -2500, { name: 'PAYROLL ACME CORP DIRECT DEP' }),
        tx('hold', 30, { pending: true, name: 'ZIGGYS BIKE SHOP' }),
      ],
    });
    const response = await bankImport();
    expect(response.statusCode).toBe(200);
    const answer = response.json<ImportAnswer>();
    expect(answer.imported).toBe(3);
    const checking = (await accounts())[0];
    expect(answer.uncategorizedTransactions.map((group) => [group.account_id, group.account_name])).toEqual([
      [checking?.id, checking?.name],
    ]);
    const rows = answer.uncategorizedTransactions[0]?.transactions ?? [];
    // Coffee and pay day are categorized by keyword; the bike shop and the first purchase are not.
    expect(rows.map((row) => [row.amount, row.type, row.pending]).sort()).toEqual([
      [12.5, 'expense', 0],
      [30, 'expense', 1],
    ]);
    expect(await plaidRows()).toEqual(
      expect.arrayContaining([
        { import_key: 'plaid:coffee', amount_cents: 475, type: 'expense', pending: 0 },
        { import_key: 'plaid:pay', amount_cents: 250000, type: 'income', pending: 0 },
      ]),
    );

    const again = await bankImport();
    expect(again.json<ImportAnswer>().imported).toBe(0);
    expect(await plaidRows()).toHaveLength(4);
  });

  it('applies corrected and withdrawn transactions', async () => {
    fake.pushChanges({ modified: [tx('hold', 32, { name: 'ZIGGYS BIKE SHOP' })], removed: ['first'] });
    const answer = (await bankImport()).json<ImportAnswer>();
    expect(answer.imported).toBe(0);
    const rows = await plaidRows();
    expect(rows.map((row) => row.import_key)).toEqual(['plaid:coffee', 'plaid:hold', 'plaid:pay']);
    expect(rows.find((row) => row.import_key === 'plaid:hold')).toMatchObject({
      amount_cents: 3200,
      pending: 0,
    });
  });

  it('asks for a new sign-in when the bank wants one, and imports again once re-linked', async () => {
    const [institution] = (await call('GET', '/api/institutions')).json<{
      institutions: InstitutionAnswer[];
    }>().institutions;
    fake.handler = (request) =>
      request.path === '/transactions/sync' ? plaidError('ITEM_LOGIN_REQUIRED') : undefined;
    const refused = await bankImport();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Chase needs you to sign in again to keep importing.',
      institution_id: institution?.id,
    });
    const listed = (await call('GET', '/api/institutions')).json<{ institutions: InstitutionAnswer[] }>()
      .institutions;
    expect(listed[0]?.status).toBe('relink_required');

    const relinkToken = await call('POST', '/api/institutions/link-token', {
      institution_id: institution?.id,
    });
    expect(relinkToken.statusCode).toBe(200);
    const update = fake.requests.find((request) => request.path === '/link/token/create');
    expect(update?.body).toMatchObject({ access_token: expect.stringMatching(/^access-sandbox/) });
    expect(update?.body).not.toHaveProperty('products');

    fake.handler = () => undefined;
    const relinked = await call('POST', `/api/institutions/${institution?.id}/relinked`);
    expect(relinked.statusCode).toBe(200);
    expect(relinked.json()).toMatchObject({ id: institution?.id, status: 'connected' });
    fake.pushChanges({ added: [tx('after', 9)] });
    const answer = await bankImport();
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ImportAnswer>().imported).toBe(1);
  });

  it("answers 404 for another person's institution and leaves it alone", async () => {
    const [institution] = (await call('GET', '/api/institutions')).json<{
      institutions: InstitutionAnswer[];
    }>().institutions;
    const other = (await registerUser(t.app, 'plaid-other@example.com')).token;
    expect((await call('GET', '/api/institutions', undefined, other)).json()).toEqual({
      provider_configured: true,
      providers: ['plaid'],
      institutions: [],
    });
    expect((await call('DELETE', `/api/institutions/${institution?.id}`, undefined, other)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/institutions/${institution?.id}/relinked`, undefined, other)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/institutions/link-token', { institution_id: institution?.id }, other))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/transactions/import', {}, other)).json()).toEqual({
      imported: 0,
      uncategorizedTransactions: [],
    });
    expect(fake.paths()).toEqual([]);
  });

  it('refuses bad bodies with 422 and the field named', async () => {
    const empty = await call('POST', '/api/institutions', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('public_token');
    const blank = await call('POST', '/api/institutions', { public_token: '   ' });
    expect(blank.statusCode).toBe(422);
    const badId = await call('POST', '/api/institutions/link-token', { institution_id: 'x' });
    expect(badId.statusCode).toBe(422);
    expect(badId.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('institution_id');
    expect((await call('DELETE', '/api/institutions/abc')).statusCode).toBe(422);
  });

  it('answers 502, not 500, when Plaid fails while linking, and records nothing', async () => {
    const before = (await accounts()).length;
    fake.handler = () => plaidError('INTERNAL_SERVER_ERROR', 'API_ERROR', 500);
    const response = await call('POST', '/api/institutions', { public_token: 'public-sandbox-2' });
    expect(response.statusCode).toBe(502);
    expect((await accounts()).length).toBe(before);
  });

  it('unlinks: removes the item at Plaid, keeps the accounts and their transactions', async () => {
    const [institution] = (await call('GET', '/api/institutions')).json<{
      institutions: InstitutionAnswer[];
    }>().institutions;
    const before = { accounts: (await accounts()).length, rows: (await plaidRows()).length };
    const response = await call('DELETE', `/api/institutions/${institution?.id}`);
    expect(response.statusCode).toBe(204);
    expect(fake.paths()).toEqual(['/item/remove']);
    expect((await call('GET', '/api/institutions')).json()).toEqual({
      provider_configured: true,
      providers: ['plaid'],
      institutions: [],
    });
    expect((await accounts()).length).toBe(before.accounts);
    expect((await plaidRows()).length).toBe(before.rows);
    expect(await t.database.db.selectFrom('linked_accounts').select('id').execute()).toEqual([]);
  });

  it('unlinks even when Plaid cannot remove the item', async () => {
    const institution = await link('Wells');
    fake.handler = () => plaidError('INTERNAL_SERVER_ERROR', 'API_ERROR', 500);
    expect((await call('DELETE', `/api/institutions/${institution.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/institutions')).json<{ institutions: unknown[] }>().institutions).toEqual(
      [],
    );
  });
});

describe(`bank linking without a provider on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await registerUser(t.app, 'no-plaid@example.com'));
  });
  afterAll(() => t?.close());

  it('says no provider is configured and refuses a link token with 409', async () => {
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/institutions' })).json()).toEqual({
      provider_configured: false,
      providers: [],
      institutions: [],
    });
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/institutions/link-token',
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(
      /No bank provider is configured.*PLAID_CLIENT_ID/,
    );
    const linking = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/institutions',
      payload: { public_token: 'p' },
    });
    expect(linking.statusCode).toBe(409);
  });

  it('keeps the strict same-origin Content-Security-Policy', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp).not.toContain('plaid');
    expect(csp).not.toContain('frame-src');
    expect(csp).toContain("script-src 'self';");
  });
});
