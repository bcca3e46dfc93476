/**
 * Issue 28: `0x3e`, `62e0`, `62.0`, `+62` and `%2062` in a path all reached object 62. Numbers in
 * URLs are plain decimal digits only (api-contract's urlInteger, behind idParams, monthParams and
 * query ids): any other spelling answers the same 422 as a non-numeric id, and changes nothing.
 */
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from './test-app';

const ID_RULE = `The id must be a whole number from 1 to ${2 ** 31 - 1}.`;

/** Other spellings of `id` that Number() reads as the same number. */
const spellings = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  `${id}.0`,
  `+${id}`,
  `%20${id}`,
  `${id}%20`,
  `%09${id}`,
  `${id}n`,
];

describe(`numbers in URLs on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let accountId: number;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
    ({ token } = await registerUser(t.app, 'path-ids@example.com'));
    accountId = await createAccount(t.app, token);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    asUser(t.app, token, { method, url, ...(payload && { payload }) });

  it('reaches the account by its plain digits', async () => {
    expect((await call('GET', `/api/accounts/${accountId}`)).statusCode).toBe(200);
  });

  it.each(['GET', 'PUT', 'DELETE'] as const)(
    'answers %s with any other spelling of the id with the id 422',
    async (method) => {
      for (const spelling of spellings(accountId)) {
        const response = await call(
          method,
          `/api/accounts/${spelling}`,
          method === 'PUT' ? { name: 'Renamed' } : undefined,
        );
        expect(response.statusCode, `${method} ${spelling}: ${response.body}`).toBe(422);
        expect(response.json()).toEqual({ message: ID_RULE, errors: { id: [ID_RULE] } });
      }
      const account = await call('GET', `/api/accounts/${accountId}`);
      expect(account.statusCode).toBe(200);
      expect(account.json()).toMatchObject({ id: accountId, name: 'Everyday Checking' });
    },
  );

  it('answers an id in a nested path the same way', async () => {
    const response = await call('GET', `/api/accounts/+${accountId}/transactions/month/11/year/2026`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { id: [ID_RULE] } });
  });

  it.each([
    ['/api/budgets/month/0x3/year/2026', 'month', 'The month must be between 1 and 12.'],
    ['/api/budgets/month/3.0/year/2026', 'month', 'The month must be between 1 and 12.'],
    ['/api/accounts/month/3/year/2026e0', 'year', 'The year must be between 1900 and 2200.'],
    ['/api/accounts/month/3/year/%2B2026', 'year', 'The year must be between 1900 and 2200.'],
  ])('answers the month path %s with a 422 naming the %s', async (url, field, message) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
  });

  it('answers an id in a query string spelled otherwise with the route’s own sentence', async () => {
    const plain = await call('GET', `/api/transactions/search?query=coffee&account_id=${accountId}`);
    expect(plain.statusCode).toBe(200);
    const other = await call(
      'GET',
      `/api/transactions/search?query=coffee&account_id=0x${accountId.toString(16)}`,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ errors: { account_id: ['The selected account does not exist.'] } });
  });

  it('answers every route with a number in its path, spelled with a sign, with a 422 naming it', async () => {
    // An invitation's :token is a secret string, not a number: those routes answer 404 to any other.
    const withParams = routes.flatMap((route) =>
      /:\w/.test(route.url) && !route.url.includes(':token')
        ? [route.method].flat().map((method: HTTPMethods) => ({ method, url: route.url }))
        : [],
    );
    expect(withParams.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of withParams.filter(({ method }) => method !== 'HEAD')) {
      const url = route.url.replace(/:(\w+)/g, (_match, name: string) => (name === 'year' ? '+2026' : '+1'));
      const response = await asUser(t.app, token, { method: route.method, url, payload: {} });
      const fields = Object.keys(response.json<{ errors?: object }>().errors ?? {});
      const params = [...route.url.matchAll(/:(\w+)/g)].map(([, name]) => name);
      if (response.statusCode !== 422 || fields.join() !== params.join()) {
        problems.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
