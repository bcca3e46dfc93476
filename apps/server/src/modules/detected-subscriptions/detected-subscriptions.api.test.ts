/**
 * Subscriptions found in a book's expenses (issue 31; docs/DECISIONS.md #100) on SQLite and
 * PostgreSQL: detection with its price history, renaming, confirming and dismissing, the quarterly
 * second look and the regretted ones' yearly total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Json = Record<string, unknown>;
interface Found {
  id: number;
  name: string;
  cadence: string;
  amount: number;
  yearly_cost: number;
  status: string;
  state: string;
  review_due: boolean;
  review_question: string;
  latest_review: null | { still_worth_it: boolean; note: string | null; amount: number };
}

describe(`detected subscriptions on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Json, as = token) => asUser(t.app, as, { method, url, ...(payload && { payload }) });
  const list = async (as = token) => (await call('GET', '/api/subscriptions', undefined, as)).json() as { subscriptions: Found[]; regretted: { count: number; yearly_total: number } };
  const byName = async (name: string) => (await list()).subscriptions.find((s) => s.name === name);

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-24T12:00:00Z');
    ({ token } = await registerUser(t.app, 'subs@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'subs-other@example.com'));
    const account = await createAccount(t.app, token, { name: 'Card', most_recent_balance: { current_balance: 3000, date: '2025-01-01' } });
    const payee = (name: string) => createEntity(t.app, token, account, name);
    const spend = (entity: number, date: string, amount: number) => createTransaction(t.app, token, account, { amount, date, entity_id: entity });
    const streamflix = await payee('StreamFlix');
    for (const [date, amount] of [['2026-06-03', 13.99], ['2026-07-03', 13.99], ['2026-08-03', 15.49], ['2026-09-03', 15.49], ['2026-10-03', 15.49], ['2026-11-03', 15.49]] as const) {
      await spend(streamflix, date, amount);
    }
    const insurer = await payee('Home Insurer');
    for (const date of ['2026-02-10', '2026-05-10', '2026-08-10', '2026-11-10']) await spend(insurer, date, 120);
    const market = await payee('Corner Market');
    for (let day = 1; day <= 28; day += 3) await spend(market, `2026-10-${String(day).padStart(2, '0')}`, 20 + day);
    const magazine = await payee('Old Magazine');
    for (const date of ['2026-01-05', '2026-02-05', '2026-03-05']) await spend(magazine, date, 9);
  });
  afterAll(() => t.close());

  it('finds monthly and quarterly charges with their yearly cost and price history, and leaves a shop out', async () => {
    const { subscriptions } = await list();
    expect(subscriptions.map((s) => [s.name, s.cadence, s.amount, s.yearly_cost, s.status])).toEqual([
      ['Home Insurer', 'quarterly', 120, 480, 'active'],
      ['StreamFlix', 'monthly', 15.49, 185.88, 'active'],
      ['Old Magazine', 'monthly', 9, 108, 'ended'],
    ]);
    const streamflix = await byName('StreamFlix');
    expect(streamflix).toMatchObject({
      first_charge: '2026-06-03',
      last_charge: '2026-11-03',
      next_charge: '2026-12-03',
      charges: 6,
      price_history: [
        { date: '2026-06-03', amount: 13.99 },
        { date: '2026-08-03', amount: 15.49 },
      ],
      state: 'detected',
      review_due: true,
      review_question: 'Still glad you pay $15.49 a month for StreamFlix?',
      latest_review: null,
    });
    // Another person's book has none of them.
    expect((await list(otherToken)).subscriptions).toEqual([]);
  });

  it('asks again a quarter later, and adds up the ones the person no longer finds worth it', async () => {
    const streamflix = await byName('StreamFlix');
    const answered = await call('POST', `/api/subscriptions/${streamflix?.id}/reviews`, { still_worth_it: false, note: 'never watch it' });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({ review_due: false, latest_review: { still_worth_it: false, note: 'never watch it', amount: 15.49 } });
    const insurer = await byName('Home Insurer');
    await call('POST', `/api/subscriptions/${insurer?.id}/reviews`, { still_worth_it: true });
    expect((await list()).regretted).toEqual({ count: 1, yearly_total: 185.88 });

    // The insurer, answered today, is asked again 90 days later; StreamFlix by then has stopped
    // charging (its December charge never came), and an ended subscription is not asked about.
    t.clock.set('2027-02-21T12:00:00Z');
    expect((await byName('Home Insurer'))?.review_due).toBe(false);
    t.clock.set('2027-02-22T12:00:00Z');
    expect(await byName('Home Insurer')).toMatchObject({ review_due: true, status: 'active' });
    expect(await byName('StreamFlix')).toMatchObject({ review_due: false, status: 'ended' });
    t.clock.set('2026-11-24T12:00:00Z');
  });

  it('renames, dismisses and brings back one, and a dismissed one is neither asked about nor counted as regretted', async () => {
    const streamflix = await byName('StreamFlix');
    const renamed = await call('PATCH', `/api/subscriptions/${streamflix?.id}`, { name: ' Movies ', state: 'confirmed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Movies', payee: 'StreamFlix', state: 'confirmed', review_question: 'Still glad you pay $15.49 a month for Movies?' });
    const dismissed = await call('PATCH', `/api/subscriptions/${streamflix?.id}`, { state: 'dismissed' });
    expect(dismissed.json()).toMatchObject({ name: 'Movies', state: 'dismissed', review_due: false });
    expect((await list()).regretted).toEqual({ count: 0, yearly_total: 0 });
    const back = await call('PATCH', `/api/subscriptions/${streamflix?.id}`, { state: 'detected', name: null });
    expect(back.json()).toMatchObject({ name: 'StreamFlix', state: 'detected' });
  });

  it('refuses bad input and ids that are not a subscription of this book, writing nothing', async () => {
    const streamflix = await byName('StreamFlix');
    const empty = await call('PATCH', `/api/subscriptions/${streamflix?.id}`, { name: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toEqual(['Give it a name, or use the payee\u2019s name again.']);
    expect((await call('PATCH', `/api/subscriptions/${streamflix?.id}`, { state: 'maybe' })).statusCode).toBe(422);
    expect((await call('POST', `/api/subscriptions/${streamflix?.id}/reviews`, { still_worth_it: 'no' })).statusCode).toBe(422);
    expect((await call('POST', `/api/subscriptions/${streamflix?.id}/reviews`, { still_worth_it: true }, otherToken)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/subscriptions/${streamflix?.id}`, { state: 'dismissed' }, otherToken)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/subscriptions/2147483647', { state: 'dismissed' })).statusCode).toBe(404);
    expect(await byName('StreamFlix')).toMatchObject({ state: 'detected', latest_review: { still_worth_it: false } });
  });

  it('keeps one choice per subscription when renames race on two processes', async () => {
    const second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    try {
      const insurer = await byName('Home Insurer');
      const names = ['House cover', 'Home policy', 'Insurance', 'Cover'];
      const answers = await Promise.all(
        names.map((name, index) => asUser((index % 2 ? second : t).app, token, { method: 'PATCH', url: `/api/subscriptions/${insurer?.id}`, payload: { name } })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      const rows = await t.database.db.selectFrom('subscription_choices').select('name').where('series_id', '=', insurer?.id ?? 0).execute();
      expect(rows).toHaveLength(1);
      expect(names).toContain(rows[0]?.name);
    } finally {
      if (second !== t) await second.close();
    }
  });
});
