import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Json = Record<string, unknown>;

describe(`goals API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let savings: number;
  let otherAccount: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token } = await registerUser(t.app, 'goals@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'goals-other@example.com'));
    savings = await createAccount(t.app, token, { name: 'Rainy Day', account_type_id: 1, most_recent_balance: { current_balance: 1200, date: '2026-11-01' } });
    otherAccount = await createAccount(t.app, otherToken);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json, as = token) =>
    asUser(t.app, as, { method, url, ...(payload && { payload }) });

  it('refuses a goal without name, target amount or date, with clear messages', async () => {
    const response = await call('POST', '/api/goals', { name: ' ' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: {
        name: ['The name field is required.'],
        target_amount: ['The target amount field is required.'],
        target_date: ['The target date field is required.'],
      },
    });
    const zero = await call('POST', '/api/goals', { name: 'Trip', target_amount: 0, target_date: '2027-05-01' });
    expect(zero.json()).toMatchObject({ errors: { target_amount: ['The target amount must be greater than 0.'] } });
  });

  it('creates a goal with the amount saved entered by hand and the monthly amount still needed', async () => {
    const created = await call('POST', '/api/goals', { name: 'Japan trip', target_amount: 3000, target_date: '2027-05-15', saved_amount: 600 });
    expect(created.statusCode).toBe(201);
    // Nov 15 → May 15: six months left; (3000 − 600) / 6 = 400.
    expect(created.json()).toMatchObject({
      name: 'Japan trip',
      target_amount: 3000,
      target_date: '2027-05-15',
      saved_amount: 600,
      account_id: null,
      saved: 600,
      monthly_needed: 400,
      months_left: 6,
      progress_percent: 20,
    });
  });

  it("tracks a savings account's most recent balance and follows it when a new balance is entered", async () => {
    const created = await call('POST', '/api/goals', { name: 'Emergency fund', target_amount: 5000, target_date: '2027-11-15', account_id: savings });
    const id = created.json<{ id: number }>().id;
    expect(created.json()).toMatchObject({ saved: 1200, monthly_needed: 316.67, months_left: 12, progress_percent: 24 });
    // A newer balance reading (as an import or bank sync records it).
    const bookId = (await t.database.db.selectFrom('accounts').select('book_id').where('id', '=', savings).executeTakeFirstOrThrow()).book_id;
    await t.database.db
      .insertInto('account_balances')
      .values({ book_id: bookId, account_id: savings, current_balance_cents: 560_000, available_balance_cents: 560_000, limit_cents: null, date: '2026-11-14', created_at: '2026-11-14T00:00:00Z' })
      .execute();
    const goal = (await call('GET', '/api/goals')).json<Array<Json>>().find((g) => g.id === id);
    expect(goal).toMatchObject({ saved: 5600, monthly_needed: 0, progress_percent: 100 });
    const untracked = await call('PATCH', `/api/goals/${id}`, { account_id: null, saved_amount: 100 });
    expect(untracked.json()).toMatchObject({ account_id: null, saved: 100 });
  });

  it("refuses another user's account to track, and answers 404 for another user's goal", async () => {
    const foreign = await call('POST', '/api/goals', { name: 'X', target_amount: 10, target_date: '2027-01-01', account_id: otherAccount });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ errors: { account_id: ['The selected account does not exist.'] } });
    const theirs = await call('POST', '/api/goals', { name: 'Theirs', target_amount: 10, target_date: '2027-01-01' }, otherToken);
    const id = theirs.json<{ id: number }>().id;
    expect((await call('PATCH', `/api/goals/${id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/goals/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/goals')).json<Array<Json>>().some((g) => g.id === id)).toBe(false);
    expect((await call('GET', '/api/goals', undefined, otherToken)).json()).toMatchObject([{ id, name: 'Theirs' }]);
  });

  it('deletes a goal', async () => {
    const id = (await call('POST', '/api/goals', { name: 'Bike', target_amount: 800, target_date: '2026-12-01' })).json<{ id: number }>().id;
    expect((await call('DELETE', `/api/goals/${id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/goals')).json<Array<Json>>().some((g) => g.id === id)).toBe(false);
  });
});
