/** Rollover (issue 15, docs/DECISIONS.md #55) and the regret cap (issue 16, #56) through the API. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { claimRegretAlert } from '../regret-caps/regret-caps.repo';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Json = Record<string, unknown>;
type BudgetJson = Json & { id: number; display_name: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe(`budget rollover and regret cap on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let alertsBookId: number;
  let accountId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token, bookId: alertsBookId } = await registerUser(t.app, 'rollover@example.com'));
    accountId = await createAccount(t.app, token);
    ids = await subcategoryIds(t.app, token);
  });
  beforeEach(() => t.clock.set('2026-11-15T12:00:00Z'));
  afterAll(() => t.close());

  const call = (method: Method, url: string, payload?: Json, who = token) =>
    asUser(t.app, who, { method, url: `/api${url}`, ...(payload && { payload }) });
  const budgetIn = async (budgetId: number, month: number, year: number): Promise<BudgetJson> => {
    const res = await call('GET', `/budgets/month/${month}/year/${year}`);
    if (res.statusCode !== 200) throw new Error(res.body);
    const view = res.json<{
      budgets: BudgetJson[];
    }>();
    const found = view.budgets.find((budget) => budget.id === budgetId);
    if (!found) throw new Error(`budget ${budgetId} not in ${month}/${year}`);
    return found;
  };
  const flexible = async (subcategory: string, extra: Json = {}) => {
    const created = await call('POST', '/budgets', {
      transaction_subcategory_id: ids[subcategory],
      amount: 100,
      repeat_start: '2026-11-01',
      ...extra,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<BudgetJson>();
  };
  const spend = (subcategory: string, amount: number, date: string, feeling?: string) =>
    createTransaction(t.app, token, accountId, {
      amount,
      date,
      subcategories: [{ id: ids[subcategory] }],
      ...(feeling && { emotion_names: [feeling] }),
    });
  const notifications = async () =>
    (await call('GET', '/notifications')).json<{ notifications: { title: string; message: string }[] }>()
      .notifications;

  it('carries unspent money through a chain of months and across the year end', async () => {
    const budget = await flexible('Dining Out', { rollover: true });
    expect(budget).toMatchObject({ rollover: true, carried: 0, carried_from: null, available: 100 });
    await spend('Dining Out', 60, '2026-11-05');

    // December (still ahead) receives November's $40 so far.
    expect(await budgetIn(budget.id, 12, 2026)).toMatchObject({
      rollover: true,
      carried: 40,
      carried_from: { month: 11, year: 2026 },
      month_amount: 100,
      available: 140,
    });

    t.clock.set('2026-12-15T12:00:00Z');
    await spend('Dining Out', 130, '2026-12-10');
    // $140 available in December, $130 spent: $10 goes on into January of the next year.
    expect(await budgetIn(budget.id, 1, 2027)).toMatchObject({
      carried: 10,
      carried_from: { month: 12, year: 2026 },
      available: 110,
    });
    const one = (await call('GET', `/budgets/${budget.id}?month=1&year=2027`)).json();
    expect(one).toMatchObject({ carried: 10, available: 110 });

    t.clock.set('2027-01-20T12:00:00Z');
    await spend('Dining Out', 150, '2027-01-10');
    // Overspent by $40: February starts $40 short.
    expect(await budgetIn(budget.id, 2, 2027)).toMatchObject({ carried: -40, available: 60 });
  });

  it('stops carrying from the month it is turned off, while earlier months keep what they carried', async () => {
    const budget = await flexible('Coffee Shops', { rollover: true });
    await spend('Coffee Shops', 30, '2026-11-03');
    t.clock.set('2026-12-10T12:00:00Z');
    await spend('Coffee Shops', 50, '2026-12-03');

    const off = await call('PATCH', `/budgets/${budget.id}`, { rollover: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ month: 12, rollover: false, carried: 70, available: 170 });
    // December still received November's $70; nothing goes on into January.
    expect(await budgetIn(budget.id, 12, 2026)).toMatchObject({ carried: 70, rollover: false });
    expect(await budgetIn(budget.id, 1, 2027)).toMatchObject({
      carried: 0,
      carried_from: null,
      available: 100,
    });
    expect(await budgetIn(budget.id, 11, 2026)).toMatchObject({ rollover: true, carried: 0 });

    // Turned on again for January with the month's form: only January's leftover carries on. (February
    // is read first, so its cached answer must give way to the change.)
    expect(await budgetIn(budget.id, 2, 2027)).toMatchObject({ carried: 0 });
    const on = await call('PATCH', `/budgets/${budget.id}`, { month: 1, year: 2027, rollover: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await budgetIn(budget.id, 2, 2027)).toMatchObject({
      carried: 100,
      carried_from: { month: 1, year: 2027 },
    });
    expect(await budgetIn(budget.id, 12, 2026)).toMatchObject({ carried: 70 });
  });

  it('refuses bad values with 422 and writes nothing', async () => {
    const budget = await flexible('Takeout & Delivery');
    const bad: Json[] = [
      { rollover: 'yes' },
      { rollover: 1 },
      { regret_cap: -5 },
      { regret_cap: 0 },
      { regret_cap: 12.345 },
      { regret_cap: 1e12 },
      { regret_cap: '100' },
      { rollover: true, regret_cap: -1 },
      { display_name: 'Renamed', regret_cap: 'lots' },
    ];
    for (const payload of bad) {
      const answer = await call('PATCH', `/budgets/${budget.id}`, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    const created = await call('POST', '/budgets', {
      transaction_subcategory_id: ids['Alcohol & Bars'],
      amount: 50,
      regret_cap: -3,
    });
    expect(created.statusCode).toBe(422);

    // A bill neither rolls over nor takes a cap; the refused write leaves the budget as it was.
    const bill = await call('POST', '/budgets', {
      transaction_subcategory_id: ids['Cell Phone'],
      due_in_full: 1,
      amount: 60,
      repeat_start: '2026-11-01',
      start_day: 20,
      rollover: true,
    });
    expect(bill.statusCode).toBe(422);
    expect(bill.json().errors.rollover).toBeDefined();
    const asBill = await call('PATCH', `/budgets/${budget.id}`, {
      due_in_full: 1,
      regret_cap: 40,
      display_name: 'Changed',
    });
    expect(asBill.statusCode).toBe(422);
    expect(asBill.json().errors.regret_cap).toBeDefined();

    expect(await budgetIn(budget.id, 11, 2026)).toMatchObject({
      display_name: 'Takeout & Delivery',
      due_in_full: 0,
      rollover: false,
      regret_cap: null,
    });
    expect(await budgetIn(budget.id, 12, 2026)).toMatchObject({ carried: 0 });
  });

  it("answers 404 for another user's budget and changes nothing", async () => {
    const budget = await flexible('Fuel');
    const { token: other } = await registerUser(t.app, 'rollover-other@example.com');
    for (const payload of [
      { rollover: true },
      { regret_cap: 10 },
      { month: 11, year: 2026, rollover: true },
    ]) {
      const answer = await call('PATCH', `/budgets/${budget.id}`, payload, other);
      expect(answer.statusCode).toBe(404);
    }
    expect(await budgetIn(budget.id, 11, 2026)).toMatchObject({ rollover: false, regret_cap: null });
    expect(await budgetIn(budget.id, 12, 2026)).toMatchObject({ carried: 0 });
  });

  it('shows regretted spending against the cap and notifies once per budget per month', async () => {
    const budget = await flexible('Alcohol & Bars', { regret_cap: 100 });
    const title = 'Regret cap passed: Alcohol & Bars';
    const countAlerts = async () => (await notifications()).filter((notice) => notice.title === title).length;

    await spend('Alcohol & Bars', 60, '2026-11-02', 'negative');
    await spend('Alcohol & Bars', 80, '2026-11-03', 'positive');
    expect(await budgetIn(budget.id, 11, 2026)).toMatchObject({
      regret_cap: 100,
      regretted: 60,
      regret_cap_passed: false,
    });
    expect(await countAlerts()).toBe(0);

    // Exactly at the cap is not past it.
    await spend('Alcohol & Bars', 40, '2026-11-04', 'negative');
    expect(await budgetIn(budget.id, 11, 2026)).toMatchObject({ regretted: 100, regret_cap_passed: false });
    expect(await countAlerts()).toBe(0);

    await spend('Alcohol & Bars', 12, '2026-11-05', 'negative');
    expect(await budgetIn(budget.id, 11, 2026)).toMatchObject({ regretted: 112, regret_cap_passed: true });
    const [notice] = (await notifications()).filter((n) => n.title === title);
    expect(notice?.message).toBe(
      'Regretted spending in Alcohol & Bars reached $112.00 in November 2026, past your $100.00 cap.',
    );

    // Further regret the same month does not notify again.
    await spend('Alcohol & Bars', 20, '2026-11-06', 'negative');
    expect(await countAlerts()).toBe(1);

    // A second look that turns a good purchase into a regret counts; December is its own month.
    t.clock.set('2026-12-20T12:00:00Z');
    const good = await spend('Alcohol & Bars', 101, '2026-12-02', 'positive');
    expect(await budgetIn(budget.id, 12, 2026)).toMatchObject({ regretted: 0, regret_cap_passed: false });
    const looked = await call('PATCH', `/transactions/${good}`, { second_feeling: 'negative' });
    expect(looked.statusCode, looked.body).toBe(200);
    expect(await budgetIn(budget.id, 12, 2026)).toMatchObject({ regretted: 101, regret_cap_passed: true });
    expect(await countAlerts()).toBe(2);

    // Lowering the cap under what November already holds does not notify November twice.
    const lowered = await call('PATCH', `/budgets/${budget.id}`, { regret_cap: 50 });
    expect(lowered.statusCode).toBe(200);
    expect(await countAlerts()).toBe(2);
    // Removing the cap leaves the regret figure, without a cap to pass.
    await call('PATCH', `/budgets/${budget.id}`, { regret_cap: null });
    expect(await budgetIn(budget.id, 12, 2026)).toMatchObject({
      regret_cap: null,
      regretted: 101,
      regret_cap_passed: false,
    });
  });

  it('notifies once when two regretted purchases race from two server processes', async () => {
    // PostgreSQL runs a second app on the same schema; SQLite races within the one process.
    const second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    try {
      const budget = await flexible('Rideshare & Taxi', { regret_cap: 10 });
      const title = 'Regret cap passed: Rideshare & Taxi';
      const apps = [t, second, t, second, t, second, t, second];
      const answers = await Promise.all(
        apps.map((app, index) =>
          asUser(app.app, token, {
            method: 'POST',
            url: `/api/accounts/${accountId}/transactions`,
            payload: {
              type: 'expense',
              amount: 11 + index,
              date: '2026-11-07',
              subcategories: [{ id: ids['Rideshare & Taxi'] }],
              emotion_names: ['negative'],
            },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(apps.length).fill(201));
      expect((await notifications()).filter((notice) => notice.title === title)).toHaveLength(1);
      const alerts = await t.database.db
        .selectFrom('budget_regret_alerts')
        .select('month')
        .where('budget_id', '=', budget.id)
        .execute();
      expect(alerts).toEqual([{ month: '2026-11' }]);

      // The key itself, without the user's lock: of two claims of one month racing on two
      // connections, exactly one wins.
      const claims = await Promise.all(
        [t, second].map((app) =>
          claimRegretAlert(app.database.db, {
            bookId: alertsBookId,
            budgetId: budget.id,
            month: '2026-10',
            now: '2026-11-07T00:00:00Z',
          }),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      if (second !== t) await second.close();
    }
  });
});
