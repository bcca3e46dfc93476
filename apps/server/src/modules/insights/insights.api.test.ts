import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_CARD, createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`insights API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let checking: number;
  let card: number;
  let grocer: number;
  let bar: number;
  let online: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token } = await registerUser(t.app, 'insights@example.com'));
    checking = await createAccount(t.app, token);
    card = await createAccount(t.app, token, { name: 'Card', account_type_id: CREDIT_CARD });
    grocer = await createEntity(t.app, token, checking, 'Grocer');
    bar = await createEntity(t.app, token, checking, 'Bar');
    online = await createEntity(t.app, token, checking, 'Online Store');
    const ids = await subcategoryIds(t.app, token);
    const add = (account: number, payload: Record<string, unknown>) => createTransaction(t.app, token, account, payload);
    await add(checking, { date: '2026-09-05', amount: 100, entity_id: grocer, emotion_names: ['positive'], purpose: 'survival', subcategories: [{ id: ids.Groceries, amount: 100 }] });
    await add(checking, { date: '2026-09-20', amount: 50, entity_id: bar, emotion_names: ['negative'], purpose: 'optional', subcategories: [{ id: ids['Alcohol & Bars'], amount: 50 }] });
    await add(checking, {
      date: '2026-11-03',
      amount: 60,
      entity_id: grocer,
      emotion_names: ['mixed'],
      purpose: 'survival',
      subcategories: [{ id: ids.Groceries, amount: 40 }, { id: ids['Household Supplies'], amount: 20 }],
    });
    await add(card, { date: '2026-11-05', amount: 30, entity_id: bar, emotion_names: ['negative'], purpose: 'culture', subcategories: [{ id: ids['Dining Out'], amount: 30 }] });
    await add(checking, { date: '2026-11-06', amount: 60, entity_id: online });
    await add(checking, { date: '2026-11-07', amount: 1000, type: 'income', entity_id: grocer, emotion_names: ['negative'] });
    await add(checking, { date: '2026-08-31', amount: 999, entity_id: bar, emotion_names: ['negative'] });
  });
  afterAll(() => t.close());

  const get = (query: string) => asUser(t.app, token, { method: 'GET', url: `/api/insights${query}` });

  it('answers every figure of a small known month range', async () => {
    const response = await get('?from=2026-09&to=2026-11');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      from: '2026-09',
      to: '2026-11',
      account_id: null,
      totals: { spent: 300, transaction_count: 5, tagged: 240, untagged: 60, with_purpose: 240 },
    });
    // 100 / 0 / 80 / 60 of 240 tagged: 41.7, 0, 33.3, 25 → whole numbers that add up to 100.
    expect(body.by_feeling).toEqual([
      { feeling: 'positive', label: 'Felt good', amount: 100, count: 1, percent: 42 },
      { feeling: 'neutral', label: 'No strong feelings', amount: 0, count: 0, percent: 0 },
      { feeling: 'negative', label: 'Regretted it', amount: 80, count: 2, percent: 33 },
      { feeling: 'mixed', label: 'Mixed feelings', amount: 60, count: 1, percent: 25 },
    ]);
    expect(body.by_purpose).toEqual([
      { purpose: 'survival', amount: 160, count: 2, percent: 67 },
      { purpose: 'optional', amount: 50, count: 1, percent: 21 },
      { purpose: 'culture', amount: 30, count: 1, percent: 12 },
      { purpose: 'unexpected', amount: 0, count: 0, percent: 0 },
    ]);
    expect(body.regret.rate).toBe(26.7);
    expect(body.regret.regretted).toBe(80);
    expect(body.regret.by_category).toEqual([
      { id: expect.any(Number), name: 'Food', spent: 220, regretted: 80, rate: 36.4 },
      { id: expect.any(Number), name: 'Shopping', spent: 20, regretted: 0, rate: 0 },
      { id: null, name: 'Uncategorized', spent: 60, regretted: 0, rate: 0 },
    ]);
    expect(body.regret.by_payee).toEqual([
      { id: bar, name: 'Bar', spent: 80, regretted: 80, rate: 100 },
      { id: grocer, name: 'Grocer', spent: 160, regretted: 0, rate: 0 },
      { id: online, name: 'Online Store', spent: 60, regretted: 0, rate: 0 },
    ]);
    expect(body.regret.top_payees).toEqual([{ id: bar, name: 'Bar', spent: 80, regretted: 80, rate: 100 }]);
    expect(body.trend).toEqual([
      { month: 9, year: 2026, positive: 100, neutral: 0, negative: 50, mixed: 0 },
      { month: 10, year: 2026, positive: 0, neutral: 0, negative: 0, mixed: 0 },
      { month: 11, year: 2026, positive: 0, neutral: 0, negative: 30, mixed: 60 },
    ]);
    expect(body.by_category).toEqual([
      { id: expect.any(Number), name: 'Food', amount: 220, percent: 73 },
      { id: null, name: 'Uncategorized', amount: 60, percent: 20 },
      { id: expect.any(Number), name: 'Shopping', amount: 20, percent: 7 },
    ]);
  });

  it('narrows to one account, and defaults to the 12 months ending this month', async () => {
    const one = (await get(`?from=2026-11&to=2026-11&account_id=${card}`)).json();
    expect(one).toMatchObject({ account_id: card, totals: { spent: 30 }, regret: { rate: 100 } });
    const defaults = (await get('')).json<{ from: string; to: string; trend: unknown[]; totals: { spent: number } }>();
    expect([defaults.from, defaults.to, defaults.trend.length]).toEqual(['2025-12', '2026-11', 12]);
    expect(defaults.totals.spent).toBe(300 + 999);
  });

  it('answers an empty range with zeros and every month present', async () => {
    const body = (await get('?from=2024-01&to=2024-03')).json();
    expect(body.totals).toEqual({ spent: 0, transaction_count: 0, tagged: 0, untagged: 0, with_purpose: 0 });
    expect(body.by_feeling.map((f: { percent: number }) => f.percent)).toEqual([0, 0, 0, 0]);
    expect(body.trend).toHaveLength(3);
    expect(body.by_category).toEqual([]);
    expect(body.regret).toMatchObject({ rate: 0, top_payees: [] });
  });

  it('refuses reversed, too long or malformed ranges, and answers 404 for an account not the user\'s', async () => {
    expect((await get('?from=2026-11&to=2026-09')).json()).toMatchObject({ message: 'The end month must not be before the start month.' });
    expect((await get('?from=2023-01&to=2026-01')).json()).toMatchObject({ message: 'Choose at most 36 months.' });
    expect((await get('?from=2026-1&to=2026-02')).statusCode).toBe(422);
    expect((await get('?from=2026-01')).json()).toMatchObject({ message: 'Send both from and to, or neither.' });
    const { token: other } = await registerUser(t.app, 'insights-other@example.com');
    const theirs = await createAccount(t.app, other);
    expect((await get(`?from=2026-11&to=2026-11&account_id=${theirs}`)).statusCode).toBe(404);
  });
});
