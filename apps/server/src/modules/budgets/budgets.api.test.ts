import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Json = Record<string, unknown>;

describe(`budgets API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let accountId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token, userId } = await registerUser(t.app, 'budgets@example.com'));
    accountId = await createAccount(t.app, token);
    ids = await subcategoryIds(t.app, token);
  });
  beforeEach(() => t.clock.set('2026-11-15T12:00:00Z'));
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
    asUser(t.app, token, { method, url, ...(payload && { payload }) });
  const month = async (m = 11, y = 2026) => (await call('GET', `/api/budgets/month/${m}/year/${y}`)).json();
  const bill = (name: string, extra: Json = {}) =>
    call('POST', '/api/budgets', {
      transaction_subcategory_id: ids[name],
      due_in_full: 1,
      amount: 100,
      repeat_start: '2026-11-01',
      start_day: 20,
      ...extra,
    });

  it('creates a monthly bill and turns it Paid when a transaction in its sub-category covers it', async () => {
    const created = await bill('Electric');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      display_name: 'Electric',
      due_in_full: 1,
      month_amount: 100,
      spent: 0,
      status: 'Due soon',
      recurrence_date_this_month: '2026-11-20',
      due_date_label: 'Nov 20th',
    });
    await createTransaction(t.app, token, accountId, { amount: 100, date: '2026-11-14', subcategories: [{ id: ids.Electric }] });
    const view = await month();
    const electric = view.budgets.find((budget: Json) => budget.display_name === 'Electric');
    expect(electric).toMatchObject({ status: 'Paid', spent: 100, remaining: 0 });
    expect(view.summary.bills).toMatchObject({ total: 100, paid: 100, unpaid: 0, paid_count: 1 });
  });

  it('measures a flexible budget by split amounts across accounts and sums the tabs', async () => {
    const savings = await createAccount(t.app, token, { name: 'Savings', account_type_id: 1 });
    await call('POST', '/api/budgets', { transaction_subcategory_id: ids.Groceries, amount: 400, repeat_start: '2026-11-01' });
    await createTransaction(t.app, token, accountId, {
      amount: 120,
      date: '2026-11-03',
      subcategories: [
        { id: ids.Groceries, amount: 100 },
        { id: ids['Coffee Shops'], amount: 20 },
      ],
    });
    await createTransaction(t.app, token, savings, { amount: 50, date: '2026-11-09', subcategories: [{ id: ids.Groceries }] });
    const view = await month();
    const groceries = view.budgets.find((budget: Json) => budget.display_name === 'Groceries');
    expect(groceries).toMatchObject({ spent: 150, remaining: 250, status: 'Under Budget' });
    expect(view.summary.flexible).toEqual({ planned: 400, spent: 150, saved: 250 });
    expect(view.summary.combined).toMatchObject({ total_budgeted: 500, total_budgeted_spent: 250 });
  });

  it('shows 0 spent and remaining for a future month', async () => {
    const view = await month(12);
    const groceries = view.budgets.find((budget: Json) => budget.display_name === 'Groceries');
    expect(groceries).toMatchObject({ month_amount: 400, spent: 0, remaining: 0 });
  });

  it('marks a bill paid or skips it for one month only, and back to default', async () => {
    const created = (await bill('Internet', { amount: 65, start_day: 10 })).json();
    const paid = await call('PATCH', `/api/budgets/${created.id}`, { month: 11, year: 2026, has_been_paid: 1 });
    expect(paid.json()).toMatchObject({ status: 'Paid', has_been_paid: 1, ignore: 0 });
    const skipped = await call('PATCH', `/api/budgets/${created.id}`, { month: 11, year: 2026, ignore: 1, has_been_paid: 0 });
    expect(skipped.json()).toMatchObject({ status: 'Skipped', has_been_paid: 0, ignore: 1 });
    expect((await month()).summary.bills.total).toBe(100);
    const reset = await call('PATCH', `/api/budgets/${created.id}`, { month: 11, year: 2026, ignore: 0, has_been_paid: 0 });
    expect(reset.json().status).toBe('Past due');
    const december = (await call('GET', `/api/budgets/${created.id}?month=12&year=2026`)).json();
    expect(december).toMatchObject({ has_been_paid: 0, ignore: 0 });
  });

  it("changes one month's amount, which later months then follow", async () => {
    const created = (await bill('Cell Phone', { amount: 70 })).json();
    await call('PATCH', `/api/budgets/${created.id}`, { month: 11, year: 2026, amount: 85 });
    const october = (await call('GET', `/api/budgets/${created.id}?month=10&year=2026`)).json();
    const november = (await call('GET', `/api/budgets/${created.id}?month=11&year=2026`)).json();
    const january = (await call('GET', `/api/budgets/${created.id}?month=1&year=2027`)).json();
    expect([october.month_amount, november.month_amount, january.month_amount]).toEqual([0, 85, 85]);
    expect(november.amount).toBe(70);
  });

  it("applies a new name sent with one month's amount: every field sent lands (issue 36)", async () => {
    const created = (await bill('Cable & TV', { amount: 60 })).json();
    const answer = await call('PATCH', `/api/budgets/${created.id}`, { month: 11, year: 2026, amount: 65, display_name: 'Fibre', emoji: '🛜' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ display_name: 'Fibre', emoji: '🛜', amount: 60, month_amount: 65 });
    const december = (await call('GET', `/api/budgets/${created.id}?month=12&year=2026`)).json();
    expect(december).toMatchObject({ display_name: 'Fibre', month_amount: 65 });
    const october = (await call('GET', `/api/budgets/${created.id}?month=10&year=2026`)).json();
    expect(october.display_name).toBe('Fibre');
  });

  it('ends a budget before a month and keeps the earlier months', async () => {
    const created = (await bill('Trash & Recycling', { amount: 30, repeat_start: '2026-09-01' })).json();
    const response = await asUser(t.app, token, { method: 'DELETE', url: `/api/budgets/${created.id}`, payload: { date: '11/2026' } });
    expect(response.statusCode).toBe(204);
    const names = async (m: number) => (await month(m)).budgets.map((budget: Json) => budget.display_name);
    expect(await names(10)).toContain('Trash & Recycling');
    expect(await names(11)).not.toContain('Trash & Recycling');
    const again = await bill('Trash & Recycling', { amount: 35 });
    expect(again.statusCode).toBe(201);
  });

  it('searches budgets by name', async () => {
    const response = await call('GET', '/api/budgets/search?query=groc&month=11&year=2026');
    expect(response.json().budgets.map((budget: Json) => budget.display_name)).toEqual(['Groceries']);
  });

  it("lists a budget's transactions of a month across accounts", async () => {
    const groceries = (await month()).budgets.find((budget: Json) => budget.display_name === 'Groceries');
    const response = await call('GET', `/api/budgets/${groceries.id}/transactions/month/11/year/2026`);
    expect(response.json().map((row: Json) => row.amount)).toEqual([50, 120]);
  });

  it('refuses invalid budgets with a 422 and saves nothing', async () => {
    const before = (await month()).budgets.length;
    const cases: Array<[Json, string]> = [
      [{ repeat_interval: 0 }, 'repeat_interval'],
      [{ ending: 'end_after', repeat_num_occurrences: 3, repeat_end: '2027-01-01' }, 'ending'],
      [{ start_day: 32 }, 'start_day'],
      [{ repeat_frequency: 'week' }, 'repeat_frequency'],
      [{ amount: -5 }, 'amount'],
      [{ repeat_start: '2026-02-30' }, 'repeat_start'],
      [{ transaction_subcategory_id: ids.Paycheck }, 'transaction_subcategory_id'],
      [{ transaction_subcategory_id: ids.Electric }, 'transaction_subcategory_id'],
    ];
    for (const [change, field] of cases) {
      const response = await bill('Water & Sewer', change);
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(change)).toContain(field);
    }
    for (const url of ['/api/budgets/month/13/year/2026', '/api/budgets/month/0/year/2026', '/api/budgets/month/1/year/20x6']) {
      expect((await call('GET', url)).statusCode, url).toBe(422);
    }
    expect((await month()).budgets.length).toBe(before);
  });

  it('refuses a bad delete date and a budget change that would break its recurrence', async () => {
    const electric = (await month()).budgets.find((budget: Json) => budget.display_name === 'Electric');
    const badDate = await asUser(t.app, token, { method: 'DELETE', url: `/api/budgets/${electric.id}`, payload: { date: '13/2026' } });
    expect(badDate.statusCode).toBe(422);
    const badEdit = await call('PATCH', `/api/budgets/${electric.id}`, { ending: 'end_after' });
    expect(badEdit.statusCode).toBe(422);
    expect((await call('GET', `/api/budgets/${electric.id}`)).json().ending).toBe('never');
  });

  it("answers 404 for another user's budget everywhere and never lists it", async () => {
    const { token: other } = await registerUser(t.app, 'other-budgets@example.com');
    const electric = (await month()).budgets.find((budget: Json) => budget.display_name === 'Electric');
    for (const attempt of [
      { method: 'GET' as const, url: `/api/budgets/${electric.id}` },
      { method: 'PATCH' as const, url: `/api/budgets/${electric.id}`, payload: { amount: 1 } },
      { method: 'PATCH' as const, url: `/api/budgets/${electric.id}`, payload: { month: 11, year: 2026, has_been_paid: 1 } },
      { method: 'DELETE' as const, url: `/api/budgets/${electric.id}`, payload: { date: '11/2026' } },
      { method: 'GET' as const, url: `/api/budgets/${electric.id}/transactions/month/11/year/2026` },
    ]) {
      expect((await asUser(t.app, other, attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    expect((await asUser(t.app, other, { method: 'GET', url: '/api/budgets/month/11/year/2026' })).json().budgets).toEqual([]);
    expect((await call('GET', `/api/budgets/${electric.id}`)).json().status).toBe('Paid');
  });

  it('suggests budgets from the last three months of spending, leaving budgeted ones out', async () => {
    await createTransaction(t.app, token, accountId, { amount: 40.5, date: '2026-09-12', subcategories: [{ id: ids.Fuel }] });
    await createTransaction(t.app, token, accountId, { amount: 59.5, date: '2026-10-12', subcategories: [{ id: ids.Fuel }] });
    const suggestions = (await call('GET', '/api/budgetDefaults')).json();
    const names = suggestions.map((suggestion: Json) => suggestion.display_name);
    expect(names).toContain('Rent');
    expect(names).not.toContain('Electric');
    expect(suggestions.find((suggestion: Json) => suggestion.display_name === 'Fuel')).toMatchObject({ amount: 50, from_history: true });
    expect(suggestions.find((suggestion: Json) => suggestion.display_name === 'Rent')).toMatchObject({
      due_in_full: 1,
      from_history: false,
      next_due_date: '2026-12-01',
    });
    const stopped = await call('POST', `/api/users/${userId}/budgetDefaults/stop`);
    expect(stopped.json().user.finished_budget_suggestions).toBe(1);
  });

  it('lists spending without a budget on an account, until a budget covers it', async () => {
    await createTransaction(t.app, token, accountId, { amount: 18.25, date: '2026-11-11', subcategories: [{ id: ids['Dining Out'] }] });
    const unbudgeted = await call('GET', `/api/budgets/unbudgeted/month/11/year/2026?account_id=${accountId}`);
    expect(unbudgeted.json()).toContainEqual(expect.objectContaining({ name: 'Dining Out', spent: 18.25, transaction_count: 1 }));
    expect(unbudgeted.json().map((row: Json) => row.name)).toContain('Coffee Shops');
    await call('POST', '/api/budgets', { transaction_subcategory_id: ids['Dining Out'], amount: 18.25, repeat_start: '2026-11-01' });
    const after = await call('GET', `/api/budgets/unbudgeted/month/11/year/2026?account_id=${accountId}`);
    expect(after.json().map((row: Json) => row.name)).not.toContain('Dining Out');
  });
});
