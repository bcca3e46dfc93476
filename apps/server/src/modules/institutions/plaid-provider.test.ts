import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakePlaid, plaidError } from '../../test/fake-plaid';
import { BankLoginRequired } from './bank-link-provider';
import { plaidWebhookUrl } from './bank-link';
import { PLAID_API_BASES, PlaidApiError, PlaidProvider } from './plaid-provider';

const transaction = (id: string, amount: number) => ({
  transaction_id: id,
  account_id: 'acc-checking',
  amount,
  date: '2026-11-02',
  name: `NAME ${id}`,
  merchant_name: null,
  pending: false,
  iso_currency_code: 'USD',
});

describe('PlaidProvider against a fake Plaid', () => {
  let fake: FakePlaid;
  let plaid: PlaidProvider;

  beforeAll(async () => {
    fake = await FakePlaid.start();
    plaid = new PlaidProvider({
      clientId: 'client-1',
      secret: 'secret-1',
      apiBase: fake.url,
      timeoutMs: 500,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('gives Plaid the webhook address at link time when it has one (DECISIONS.md #112), and none otherwise', async () => {
    const withWebhook = new PlaidProvider({ clientId: 'client-1', secret: 'secret-1', apiBase: fake.url, ...plaidWebhookUrl('https://budget.example.org/') });
    await withWebhook.createLinkToken(42);
    await plaid.createLinkToken(42);
    const [first, second] = fake.requests;
    expect(first?.body.webhook).toBe('https://budget.example.org/api/webhooks/plaid');
    expect(second?.body).not.toHaveProperty('webhook');
    // Plaid calls no plain-http address: a development server gets no webhook.
    expect(plaidWebhookUrl('http://localhost:3000')).toEqual({});
  });

  it('uses the sandbox unless told production', () => {
    expect(PLAID_API_BASES.sandbox).toBe('https://sandbox.plaid.com');
    expect(PLAID_API_BASES.production).toBe('https://production.plaid.com');
  });

  it('creates a link token for transactions with the credentials in the JSON body', async () => {
    expect(await plaid.createLinkToken(42)).toMatch(/^link-sandbox/);
    const [request] = fake.requests;
    expect(request?.path).toBe('/link/token/create');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      client_id: 'client-1',
      secret: 'secret-1',
      client_name: 'Mindspend',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: '42' },
      products: ['transactions'],
    });
  });

  it('creates an update-mode link token with the access token and no products', async () => {
    await plaid.createLinkToken(42, 'access-1');
    expect(fake.requests[0]?.body).toMatchObject({ access_token: 'access-1' });
    expect(fake.requests[0]?.body).not.toHaveProperty('products');
  });

  it('exchanges a public token and reads the accounts with their balances', async () => {
    const item = await plaid.exchangePublicToken('public-1');
    expect(item.accessToken).toMatch(/^access-sandbox/);
    expect(item.itemId).toMatch(/^item/);
    const accounts = await plaid.accounts(item.accessToken);
    expect(accounts[2]).toEqual({
      id: 'acc-card',
      name: 'Credit Card',
      mask: '3333',
      type: 'credit',
      subtype: 'credit card',
      balances: { current: 410, available: null, limit: 2000 },
      currency: 'USD',
    });
    expect(fake.requests[1]?.body).toMatchObject({ access_token: item.accessToken });
  });

  it('follows has_more through every page of a transactions sync', async () => {
    fake.pushChanges({ added: [transaction('t1', 5)] });
    fake.pushChanges({ added: [transaction('t2', -20)], modified: [transaction('t1', 6)] });
    fake.pushChanges({ removed: ['t0'] });
    const changes = await plaid.syncTransactions('access-1', null);
    expect(changes.added.map((row) => row.id)).toEqual(['t1', 't2']);
    expect(changes.modified).toEqual([
      {
        id: 't1',
        accountId: 'acc-checking',
        amount: 6,
        date: '2026-11-02',
        name: 'NAME t1',
        merchantName: null,
        pending: false,
        currency: 'USD',
      },
    ]);
    expect(changes.removed).toEqual(['t0']);
    expect(changes.nextCursor).toBe('3');
    expect(fake.requests.map((request) => request.body.cursor)).toEqual([undefined, '1', '2']);
    const again = await plaid.syncTransactions('access-1', changes.nextCursor);
    expect(again).toEqual({ added: [], modified: [], removed: [], nextCursor: '3' });
  });

  it('tells a sign-in request apart from other refusals', async () => {
    fake.handler = () => plaidError('ITEM_LOGIN_REQUIRED');
    await expect(plaid.syncTransactions('access-1', null)).rejects.toBeInstanceOf(BankLoginRequired);
    fake.handler = () => plaidError('INVALID_ACCESS_TOKEN', 'INVALID_INPUT');
    const refusal = plaid.syncTransactions('access-1', null);
    await expect(refusal).rejects.toBeInstanceOf(PlaidApiError);
    await expect(refusal).rejects.toThrow(/INVALID_INPUT\/INVALID_ACCESS_TOKEN/);
  });

  it('never puts the secret or the access token in an error message', async () => {
    fake.handler = () => ({ status: 500, body: 'not json' });
    const error: unknown = await plaid.removeItem('access-secret-token').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/Plaid \/item\/remove answered 500/);
    expect(message).not.toContain('access-secret-token');
    expect(message).not.toContain('secret-1');
  });

  it('gives up on a Plaid that does not answer', async () => {
    fake.handler = () => 'hang';
    await expect(plaid.accounts('access-1')).rejects.toThrow(/timed out after 500 ms/);
  });
});
