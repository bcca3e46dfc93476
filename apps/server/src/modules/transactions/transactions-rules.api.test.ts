import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`transaction rules on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let accountId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await registerUser(t.app, 'rules@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'other-rules@example.com'));
    accountId = await createAccount(t.app, token);
    ids = await subcategoryIds(t.app, token);
  });
  afterAll(() => t.close());

  const count = async () =>
    Number((await t.database.db.selectFrom('transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const post = (payload: Record<string, unknown>) =>
    asUser(t.app, token, { method: 'POST', url: `/api/accounts/${accountId}/transactions`, payload });

  it.each([
    ['splits that do not add up', { subcategories: [{ id: 0, amount: 30 }, { id: 1, amount: 30 }] }, 'subcategories'],
    ['a negative amount', { amount: -5 }, 'amount'],
    ['a zero amount', { amount: 0 }, 'amount'],
    ['a non-numeric amount', { amount: '12.50' }, 'amount'],
    ['three decimals', { amount: 1.005 }, 'amount'],
    ['an impossible date', { date: '2026-02-30' }, 'date'],
    ['a date in another format', { date: '11/22/2026' }, 'date'],
    ['two feelings', { emotion_names: ['positive', 'negative'] }, 'emotion_names'],
    ['an unknown feeling', { emotion_names: ['ecstatic'] }, 'emotion_names.0'],
    ['an unknown purpose', { purpose: 'fun' }, 'purpose'],
    ['no type', { type: undefined }, 'type'],
  ])('refuses %s with a 422 naming the field and saves nothing', async (_label, change, field) => {
    const before = await count();
    const payload: Record<string, unknown> = { type: 'expense', amount: 50, date: '2026-11-10', ...change };
    if (Array.isArray(payload.subcategories)) {
      payload.subcategories = [
        { id: ids.Groceries, amount: 30 },
        { id: ids['Dining Out'], amount: 30 },
      ];
    }
    const response = await post(payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect(response.json().message).toMatch(/\S/);
    expect(await count()).toBe(before);
  });

  it('refuses an unknown sub-category, and an income sub-category on an expense', async () => {
    const before = await count();
    const unknown = await post({ type: 'expense', amount: 5, date: '2026-11-10', subcategories: [{ id: 999999 }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.subcategories[0]).toContain('does not exist');
    const wrongKind = await post({ type: 'expense', amount: 5, date: '2026-11-10', subcategories: [{ id: ids.Paycheck }] });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors.subcategories).toEqual(['Paycheck is not an expense sub-category.']);
    expect(await count()).toBe(before);
  });

  it("refuses another user's payee as the entity", async () => {
    const { token: strangerToken } = await registerUser(t.app, 'stranger-rules@example.com');
    const strangerAccount = await createAccount(t.app, strangerToken);
    const foreignEntity = await createEntity(t.app, strangerToken, strangerAccount, 'Not yours');
    const response = await post({ type: 'expense', amount: 5, date: '2026-11-10', entity_id: foreignEntity });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.entity_id).toEqual(['The selected payee does not exist.']);
  });

  it('gives a single sub-category the whole amount, and follows amount changes', async () => {
    const id = await createTransaction(t.app, token, accountId, { amount: 42, subcategories: [{ id: ids.Fuel }] });
    const edited = await asUser(t.app, token, {
      method: 'PUT',
      url: `/api/transactions/${id}`,
      payload: { type: 'expense', amount: 45, date: '2026-11-10' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().subcategories).toMatchObject([{ name: 'Fuel', amount: 45, pivot: { amount: 45 } }]);
  });

  it('edits feelings, splits and notes, and clears the category with an empty list', async () => {
    const id = await createTransaction(t.app, token, accountId, { amount: 60, emotion_names: ['negative'], notes: 'late night' });
    const split = await asUser(t.app, token, {
      method: 'PUT',
      url: `/api/transactions/${id}`,
      payload: {
        type: 'expense',
        amount: 60,
        date: '2026-11-12',
        emotion_names: ['mixed'],
        subcategories: [
          { id: ids['Dining Out'], amount: 45.5 },
          { id: ids['Alcohol & Bars'], amount: 14.5 },
        ],
      },
    });
    expect(split.json()).toMatchObject({ emotion_names: ['mixed'], notes: 'late night', date: '2026-11-12', transaction_category_id: expect.any(Number) });
    expect(split.json().subcategories.map((line: { amount: number }) => line.amount)).toEqual([45.5, 14.5]);
    const cleared = await asUser(t.app, token, {
      method: 'PUT',
      url: `/api/transactions/${id}`,
      payload: { type: 'expense', amount: 60, date: '2026-11-12', subcategories: [], emotion_names: [] },
    });
    expect(cleared.json()).toMatchObject({ subcategories: [], emotion_names: [], transaction_category_id: null });
  });

  it('keeps a split intact when only the amount changes and no longer matches', async () => {
    const id = await createTransaction(t.app, token, accountId, {
      amount: 20,
      subcategories: [
        { id: ids.Groceries, amount: 15 },
        { id: ids['Coffee Shops'], amount: 5 },
      ],
    });
    const response = await asUser(t.app, token, { method: 'PUT', url: `/api/transactions/${id}`, payload: { type: 'expense', amount: 25, date: '2026-11-10' } });
    expect(response.statusCode).toBe(422);
    const unchanged = await asUser(t.app, token, { method: 'GET', url: `/api/transactions/${id}` });
    expect(unchanged.json().amount).toBe(20);
  });

  it('records income as a debit amount and pending as 1', async () => {
    const id = await createTransaction(t.app, token, accountId, { type: 'income', amount: 1500, pending: true, subcategories: [{ id: ids.Paycheck }] });
    const response = await asUser(t.app, token, { method: 'GET', url: `/api/transactions/${id}` });
    expect(response.json()).toMatchObject({ type: 'income', debit_amount: 1500, credit_amount: null, pending: 1 });
  });

  it("never shows, changes or finds another user's transaction", async () => {
    const id = await createTransaction(t.app, token, accountId, { description: 'secret purchase' });
    for (const attempt of [
      { method: 'GET' as const, url: `/api/transactions/${id}` },
      { method: 'PUT' as const, url: `/api/transactions/${id}`, payload: { type: 'expense', amount: 1, date: '2026-11-01' } },
      { method: 'DELETE' as const, url: `/api/transactions/${id}` },
    ]) {
      expect((await asUser(t.app, otherToken, attempt)).statusCode, `${attempt.method}`).toBe(404);
    }
    const search = await asUser(t.app, otherToken, { method: 'GET', url: '/api/transactions/search?query=secret' });
    expect(search.json()).toEqual([]);
    const months = await asUser(t.app, otherToken, { method: 'GET', url: '/api/accounts/transactions/month/11/year/2026' });
    expect(months.json()).toEqual([]);
    expect((await asUser(t.app, token, { method: 'GET', url: `/api/transactions/${id}` })).statusCode).toBe(200);
  });

  it('searches payee, description and notes case-insensitively, treating % literally', async () => {
    const entityId = await createEntity(t.app, token, accountId, 'Powell’s Books');
    await createTransaction(t.app, token, accountId, { entity_id: entityId, amount: 25 });
    await createTransaction(t.app, token, accountId, { description: '50% off sale', amount: 5 });
    const byPayee = await asUser(t.app, token, { method: 'GET', url: '/api/transactions/search?query=POWELL' });
    expect(byPayee.json().map((row: { payee: string }) => row.payee)).toEqual(['Powell’s Books']);
    const literal = await asUser(t.app, token, { method: 'GET', url: `/api/transactions/search?query=${encodeURIComponent('50%')}` });
    expect(literal.json()).toHaveLength(1);
    const empty = await asUser(t.app, token, { method: 'GET', url: '/api/transactions/search?query=%20' });
    expect(empty.statusCode).toBe(422);
  });

  it('refuses malformed months in the URL', async () => {
    for (const url of [`/api/accounts/${accountId}/transactions/month/13/year/2026`, '/api/accounts/transactions/month/0/year/2026', '/api/accounts/month/1/year/abc']) {
      const response = await asUser(t.app, token, { method: 'GET', url });
      expect(response.statusCode, url).toBe(422);
    }
  });
});
