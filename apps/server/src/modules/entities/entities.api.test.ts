import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`entities API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await registerUser(t.app, 'entities@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'other-entities@example.com'));
    accountId = await createAccount(t.app, token);
  });
  afterAll(() => t.close());

  it('creates a payee with an address and a short name, listed in name order', async () => {
    const created = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/accounts/${accountId}/entities`,
      payload: { name: 'Portland Water Bureau Inc.', address_line1: '1120 SW 5th Ave', city: 'Portland', state: 'or', zipcode: '97204' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Portland Water Bureau Inc.', name_short: 'Portland Water Bureau', state: 'OR', zipcode: '97204' });
    await createEntity(t.app, token, accountId, 'Albertsons');
    const list = await asUser(t.app, token, { method: 'GET', url: '/api/transactions/entities' });
    expect(list.json().map((entity: { name: string }) => entity.name)).toEqual(['Albertsons', 'Portland Water Bureau Inc.']);
  });

  it("asks for the name with 'The name field is required.' and saves nothing", async () => {
    const response = await asUser(t.app, token, { method: 'POST', url: `/api/accounts/${accountId}/entities`, payload: { name: '  ', city: 'Salem' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.name).toEqual(['The name field is required.']);
    const list = await asUser(t.app, token, { method: 'GET', url: '/api/transactions/entities' });
    expect(list.json().some((entity: { city: string | null }) => entity.city === 'Salem')).toBe(false);
  });

  it('refuses an unknown state and a malformed zipcode', async () => {
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/accounts/${accountId}/entities`,
      payload: { name: 'Somewhere', state: 'ZZ', zipcode: '12' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['state', 'zipcode']);
  });

  it('updates with the zipcode sent as postal', async () => {
    const id = await createEntity(t.app, token, accountId, 'Costco Wholesale #12');
    const updated = await asUser(t.app, token, { method: 'PUT', url: `/api/transactions/entities/${id}`, payload: { name: 'Costco', postal: '97005-1234' } });
    expect(updated.json()).toMatchObject({ name: 'Costco', name_short: 'Costco', zipcode: '97005-1234' });
    const one = await asUser(t.app, token, { method: 'GET', url: `/api/transactions/entities/${id}` });
    expect(one.json().zipcode).toBe('97005-1234');
  });

  it("never shows or changes another user's payee", async () => {
    const id = await createEntity(t.app, token, accountId, 'Mine Only');
    expect((await asUser(t.app, otherToken, { method: 'GET', url: `/api/transactions/entities/${id}` })).statusCode).toBe(404);
    const put = await asUser(t.app, otherToken, { method: 'PUT', url: `/api/transactions/entities/${id}`, payload: { name: 'Taken' } });
    expect(put.statusCode).toBe(404);
    expect((await asUser(t.app, otherToken, { method: 'GET', url: '/api/transactions/entities' })).json()).toEqual([]);
    expect((await asUser(t.app, token, { method: 'GET', url: `/api/transactions/entities/${id}` })).json().name).toBe('Mine Only');
  });
});
