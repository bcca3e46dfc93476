/** Feeling coverage (issue 30; docs/DECISIONS.md #102) on SQLite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`feeling coverage on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  const coverage = (query: string) => asUser(t.app, token, { method: 'GET', url: `/api/feelings/coverage?${query}` });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-24T12:00:00Z');
    ({ token } = await registerUser(t.app, 'coverage@example.com'));
    const account = (await asUser(t.app, token, { method: 'POST', url: '/api/accounts', payload: { name: 'Checking', account_type_id: 2, most_recent_balance: { current_balance: 900, date: '2026-01-01' } } })).json().id;
    const savings = (await asUser(t.app, token, { method: 'POST', url: '/api/accounts', payload: { name: 'Savings', account_type_id: 1, most_recent_balance: { current_balance: 0, date: '2026-01-01' } } })).json().id;
    const add = async (payload: Record<string, unknown>) =>
      expect((await asUser(t.app, token, { method: 'POST', url: `/api/accounts/${account}/transactions`, payload: { date: '2026-10-10', ...payload } })).statusCode).toBe(201);
    await add({ type: 'expense', amount: 50, emotion_names: ['positive'] });
    await add({ type: 'expense', amount: 32.5, emotion_names: ['negative'] });
    await add({ type: 'expense', amount: 17.5 });
    await add({ type: 'income', amount: 1000, emotion_names: ['positive'] });
    await add({ type: 'expense', amount: 40, date: '2026-09-30' });
    // A transfer moves money between the person's own accounts: no spending to feel.
    expect((await asUser(t.app, token, { method: 'POST', url: '/api/transfers', payload: { from_account_id: account, to_account_id: savings, amount: 300, date: '2026-10-12' } })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it("says how much of the month's spending has a feeling, by amount, leaving income and transfers out", async () => {
    const october = await coverage('month=10&year=2026');
    expect(october.statusCode).toBe(200);
    expect(october.json()).toEqual({ month: 10, year: 2026, spent: 100, felt_spent: 82.5, expenses: 3, felt: 2, percent: 82, low: false });
    expect((await coverage('month=9&year=2026')).json()).toMatchObject({ spent: 40, felt_spent: 0, percent: 0, low: true });
    expect((await coverage('month=8&year=2026')).json()).toMatchObject({ spent: 0, expenses: 0, percent: null, low: false });
  });

  it('refuses a month that does not exist', async () => {
    const refused = await coverage('month=13&year=2026');
    expect(refused.statusCode).toBe(422);
    expect((await coverage('year=2026')).statusCode).toBe(422);
  });
});
