import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Row = { id: number; date: string; emotion_names: string[]; second_feeling: string | null; type: string };

describe(`second look API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let checking: number;
  let bar: number;
  let grocer: number;
  type Name = 'lastWeek' | 'sixDaysAgo' | 'untagged' | 'regretted' | 'salary' | 'longAgo';
  const ids = {} as Record<Name, number>;

  beforeAll(async () => {
    t = await createTestApp();
    // 03:00 UTC on 1 December: still 30 November for the user, who lives at UTC-5.
    t.clock.set('2026-12-01T03:00:00Z');
    ({ token, userId } = await registerUser(t.app, 'second-look@example.com'));
    await asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { timezone: -5 } });
    checking = await createAccount(t.app, token);
    bar = await createEntity(t.app, token, checking, 'Corner Bar');
    grocer = await createEntity(t.app, token, checking, 'Grocer');
    const sub = await subcategoryIds(t.app, token);
    const add = async (name: Name, payload: Record<string, unknown>) => {
      ids[name] = await createTransaction(t.app, token, checking, payload);
    };
    await add('lastWeek', { date: '2026-11-23', amount: 40, entity_id: bar, emotion_names: ['positive'], subcategories: [{ id: sub['Alcohol & Bars'], amount: 40 }] });
    await add('sixDaysAgo', { date: '2026-11-24', amount: 15, entity_id: bar, emotion_names: ['positive'] });
    await add('untagged', { date: '2026-11-20', amount: 25, entity_id: grocer });
    await add('regretted', { date: '2026-11-02', amount: 80, entity_id: grocer, emotion_names: ['negative'], subcategories: [{ id: sub.Groceries, amount: 80 }] });
    await add('salary', { date: '2026-11-01', amount: 3000, type: 'income', entity_id: grocer });
    await add('longAgo', { date: '2026-08-01', amount: 12, entity_id: grocer, emotion_names: ['neutral'] });
  });
  afterAll(() => t.close());

  const due = async () => (await asUser(t.app, token, { method: 'GET', url: '/api/second-look' })).json<Row[]>();
  const look = (id: number, payload: unknown, who = token) =>
    asUser(t.app, who, { method: 'PATCH', url: `/api/transactions/${id}`, payload: payload as Record<string, unknown> });
  const month = async () =>
    (await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${checking}/transactions/month/11/year/2026` })).json<Row[]>();

  it("lists the expenses 7 days old by the user's own date, oldest first, that have a first feeling", async () => {
    const list = await due();
    // The untagged purchase has nothing to compare a later feeling with (DECISIONS.md #105).
    expect(list.map((row) => row.id)).toEqual([ids.regretted, ids.lastWeek]);
    expect(list.every((row) => row.second_feeling === null && row.type === 'expense')).toBe(true);
  });

  it('counts the expenses due for the ledger’s button, and hands them out a page at a time, oldest first', async () => {
    const count = await asUser(t.app, token, { method: 'GET', url: '/api/second-look/count' });
    expect(count.json()).toEqual({ count: 2 });
    const page = (await asUser(t.app, token, { method: 'GET', url: '/api/second-look?limit=1' })).json<Row[]>();
    expect(page.map((row) => row.id)).toEqual([ids.regretted]);
    for (const limit of ['0', '201', 'two', '1.5']) {
      const refused = await asUser(t.app, token, { method: 'GET', url: `/api/second-look?limit=${limit}` });
      expect(refused.statusCode, limit).toBe(422);
      expect(Object.keys(refused.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['limit']);
    }
  });

  it('stores the later feeling beside the first, shows it in the month listing and takes the expense off the list', async () => {
    const before = await month();
    expect(before.find((row) => row.id === ids.lastWeek)).toMatchObject({ emotion_names: ['positive'], second_feeling: null });

    const response = await look(ids.lastWeek, { second_feeling: 'negative' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.lastWeek, emotion_names: ['positive'], second_feeling: 'negative', amount: 40 });

    // The month listing is a cached answer: the new column must move the data revision on.
    expect((await month()).find((row) => row.id === ids.lastWeek)).toMatchObject({ emotion_names: ['positive'], second_feeling: 'negative' });
    expect((await due()).map((row) => row.id)).toEqual([ids.regretted]);
  });

  it('shows the shifts in insights by category and by payee', async () => {
    await look(ids.regretted, { second_feeling: 'positive' });
    await look(ids.untagged, { second_feeling: 'negative' });
    const insights = (await asUser(t.app, token, { method: 'GET', url: '/api/insights?from=2026-11&to=2026-11' })).json<{
      shifts: { by_category: unknown[]; by_payee: unknown[] };
    }>();
    expect(insights.shifts.by_payee).toEqual([
      { id: bar, name: 'Corner Bar', compared: 1, soured: 1, warmed: 0, changed: 0, soured_percent: 100 },
      // The untagged purchase had no first feeling to shift from: only the regretted one counts.
      { id: grocer, name: 'Grocer', compared: 1, soured: 0, warmed: 1, changed: 0, soured_percent: 0 },
    ]);
    expect(insights.shifts.by_category).toEqual([
      { id: expect.any(Number), name: 'Food', compared: 2, soured: 1, warmed: 1, changed: 0, soured_percent: 50 },
    ]);
  });

  it('follows the setting: a shorter wait adds younger expenses, off empties the list', async () => {
    const setDays = (days: unknown) => asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { second_look_days: days } });
    const shorter = await setDays(3);
    expect(shorter.json()).toMatchObject({ user: { second_look_days: 3 } });
    expect((await due()).map((row) => row.id)).toEqual([ids.sixDaysAgo]);
    expect((await setDays(null)).json()).toMatchObject({ user: { second_look_days: null } });
    expect(await due()).toEqual([]);
    for (const bad of [0, 91, 2.5, 'seven']) {
      const refused = await setDays(bad);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ message: 'Choose between 1 and 90 days, or turn the second look off.' });
    }
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ user: { second_look_days: null } });
    await setDays(7);
  });

  it('refuses a second look on income, a bad feeling or a mixed body, and writes nothing', async () => {
    const income = await look(ids.salary, { second_feeling: 'positive' });
    expect(income.statusCode).toBe(422);
    expect(income.json()).toMatchObject({ message: 'Only an expense has a second look.' });

    const badFeeling = await look(ids.sixDaysAgo, { second_feeling: 'ecstatic' });
    expect(badFeeling.statusCode).toBe(422);
    expect(badFeeling.json()).toMatchObject({ errors: { second_feeling: ['The selected second feeling is invalid.'] } });

    const mixed = await look(ids.sixDaysAgo, { second_feeling: 'negative', amount: 1, type: 'expense', date: '2026-11-24' });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toMatchObject({ errors: { second_feeling: [expect.stringContaining('only second_feeling')] } });

    expect((await look(ids.sixDaysAgo, [{ second_feeling: 'negative' }])).statusCode).toBe(422);
    const rows = await month();
    expect(rows.find((row) => row.id === ids.salary)?.second_feeling).toBeNull();
    expect(rows.find((row) => row.id === ids.sixDaysAgo)).toMatchObject({ second_feeling: null, emotion_names: ['positive'] });
  });

  it("answers 404 for another user's expense and leaves it alone", async () => {
    const { token: other } = await registerUser(t.app, 'second-look-other@example.com');
    expect((await look(ids.sixDaysAgo, { second_feeling: 'negative' }, other)).statusCode).toBe(404);
    expect((await look(2_147_483_647, { second_feeling: 'negative' })).statusCode).toBe(404);
    expect((await asUser(t.app, other, { method: 'GET', url: '/api/second-look' })).json()).toEqual([]);
    expect((await month()).find((row) => row.id === ids.sixDaysAgo)?.second_feeling).toBeNull();
  });

  it('takes a second look back with null, keeps PATCH as an alias of PUT, and drops the look when an expense becomes income', async () => {
    expect((await look(ids.untagged, { second_feeling: null })).json()).toMatchObject({ second_feeling: null });
    const whole = await look(ids.regretted, { type: 'expense', amount: 81, date: '2026-11-02' });
    expect(whole.json()).toMatchObject({ amount: 81, emotion_names: ['negative'], second_feeling: 'positive' });
    const toIncome = await asUser(t.app, token, { method: 'PUT', url: `/api/transactions/${ids.regretted}`, payload: { type: 'income', amount: 81, date: '2026-11-02', subcategories: [] } });
    expect(toIncome.json()).toMatchObject({ type: 'income', second_feeling: null });
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/second-look' })).statusCode).toBe(401);
  });
});

describe(`second look paging on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  const felt: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // The user's today is 30 November (UTC-5): due are expenses from 24 September to 23 November.
    t.clock.set('2026-12-01T03:00:00Z');
    let userId: number;
    ({ token, userId } = await registerUser(t.app, 'second-look-pages@example.com'));
    await asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { timezone: -5 } });
    const checking = await createAccount(t.app, token);
    const add = (date: string, emotion_names: string[] = ['positive']) => createTransaction(t.app, token, checking, { date, amount: 10, emotion_names });
    // Too old for a second look (a five-year import asks about nothing), and an unfelt one.
    await add('2021-03-01');
    await add('2026-09-23');
    await add('2026-10-10', []);
    // Seven felt expenses due, two of them on the same day (ordered by id then).
    for (const date of ['2026-09-24', '2026-10-01', '2026-10-01', '2026-10-15', '2026-11-01', '2026-11-20', '2026-11-23']) felt.push(await add(date));
    // Not due yet.
    await add('2026-11-24');
  });
  afterAll(() => t.close());

  const get = (url: string) => asUser(t.app, token, { method: 'GET', url });
  const page = async (limit: number, after?: Row) =>
    (await get(`/api/second-look?limit=${limit}${after ? `&after_date=${after.date}&after_id=${after.id}` : ''}`)).json<Row[]>();

  it('covers only the felt purchases of the last 60 days since due, and the count is the list’s total', async () => {
    const all = await page(200);
    expect(all.map((row) => row.id)).toEqual(felt);
    expect((await get('/api/second-look/count')).json()).toEqual({ count: felt.length });
  });

  it('pages through every expense once, oldest first, even when one is answered between pages', async () => {
    const seen: number[] = [];
    let last: Row | undefined;
    for (;;) {
      const rows = await page(3, last);
      if (rows.length === 0) break;
      seen.push(...rows.map((row) => row.id));
      last = rows.at(-1);
      // Answering the first of the page takes it off the list; the cursor still finds the rest.
      if (seen.length === 3) {
        const answered = await asUser(t.app, token, { method: 'PATCH', url: `/api/transactions/${rows[0]?.id}`, payload: { second_feeling: 'negative' } });
        expect(answered.statusCode).toBe(200);
      }
    }
    expect(seen).toEqual(felt);
    expect((await get('/api/second-look/count')).json()).toEqual({ count: felt.length - 1 });
    expect((await page(200)).map((row) => row.id)).toEqual(felt.slice(1));
  });

  it('refuses half a cursor or a bad one with 422, naming the field', async () => {
    for (const [query, field] of [
      // Half a cursor names the half that is missing.
      ['after_date=2026-10-01', 'after_id'],
      ['after_id=5', 'after_date'],
      ['after_date=2026-13-01&after_id=5', 'after_date'],
      ['after_date=2026-10-01&after_id=0', 'after_id'],
      ['after_date=2026-10-01&after_id=abc', 'after_id'],
    ] as const) {
      const refused = await get(`/api/second-look?${query}`);
      expect(refused.statusCode, query).toBe(422);
      expect(Object.keys(refused.json<{ errors: Record<string, string[]> }>().errors), query).toEqual([field]);
    }
  });
});
