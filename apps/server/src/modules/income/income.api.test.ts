import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Json = Record<string, unknown>;

describe(`income sources API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let accountId: number;
  let employer: number;
  let client: number;
  let otherAccount: number;
  let otherEntity: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token } = await registerUser(t.app, 'income@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'income-other@example.com'));
    accountId = await createAccount(t.app, token);
    employer = await createEntity(t.app, token, accountId, 'Acme Payroll');
    client = await createEntity(t.app, token, accountId, 'Freelance Client');
    otherAccount = await createAccount(t.app, otherToken);
    otherEntity = await createEntity(t.app, otherToken, otherAccount, 'Their Employer');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json, as = token) =>
    asUser(t.app, as, { method, url, ...(payload && { payload }) });
  const source = (extra: Json = {}) =>
    call('POST', '/api/income-sources', { account_id: accountId, entity_id: employer, amount: 2500, start_date: '2026-10-31', recurrence: 'monthly', ...extra });

  it('refuses an empty form with one clear message per required field', async () => {
    const response = await call('POST', '/api/income-sources', {});
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors.account_id).toEqual(['Choose the account the income is paid into.']);
    expect(errors.entity_id).toEqual(['Choose who pays this income (the source).']);
    expect(errors.amount).toEqual(['The amount field is required.']);
    expect(errors.start_date).toEqual(['The start date field is required.']);
    expect(errors.recurrence).toEqual(['Choose a recurrence pattern.']);
  });

  it('needs x_days only for every_x_days, a whole number of at least 1', async () => {
    const missing = await source({ recurrence: 'every_x_days' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { x_days: ['Enter every how many days the income is paid.'] } });
    const zero = await source({ recurrence: 'every_x_days', x_days: 0 });
    expect(zero.statusCode).toBe(422);
    const negative = await source({ amount: -1 });
    expect(negative.json()).toMatchObject({ errors: { amount: ['The amount must not be negative.'] } });
    const cents = await source({ amount: 10.005 });
    expect(cents.statusCode).toBe(422);
    const ignored = await source({ recurrence: 'twice_monthly', x_days: 10 });
    expect(ignored.json()).toMatchObject({ recurrence: 'twice_monthly', x_days: null });
    await call('DELETE', `/api/income-sources/${ignored.json<{ id: number }>().id}`);
  });

  it("refuses another user's account or payor as a 422 on the field", async () => {
    const response = await source({ account_id: otherAccount, entity_id: otherEntity });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { account_id: ['The selected account does not exist.'], entity_id: ['The selected source does not exist.'] },
    });
  });

  it('saves, lists, edits and deletes a source', async () => {
    const created = await source();
    expect(created.statusCode).toBe(201);
    const body = created.json<{ id: number }>();
    expect(body).toMatchObject({
      account_id: accountId,
      entity_id: employer,
      entity: { id: employer, name: 'Acme Payroll' },
      amount: 2500,
      start_date: '2026-10-31',
      recurrence: 'monthly',
      x_days: null,
    });
    const edited = await call('PATCH', `/api/income-sources/${body.id}`, { recurrence: 'every_x_days', x_days: 10, amount: 99.99 });
    expect(edited.json()).toMatchObject({ recurrence: 'every_x_days', x_days: 10, amount: 99.99 });
    const back = await call('PATCH', `/api/income-sources/${body.id}`, { recurrence: 'monthly' });
    expect(back.json()).toMatchObject({ recurrence: 'monthly', x_days: null });
    const list = await call('GET', '/api/income-sources');
    expect(list.json<Array<{ id: number }>>().map((s) => s.id)).toContain(body.id);
    expect((await call('DELETE', `/api/income-sources/${body.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/income-sources')).json()).toEqual([]);
  });

  it("answers 404 for another user's source on PATCH and DELETE, and lists only one's own", async () => {
    const theirs = await call(
      'POST',
      '/api/income-sources',
      { account_id: otherAccount, entity_id: otherEntity, amount: 10, start_date: '2026-11-01', recurrence: 'monthly' },
      otherToken,
    );
    const id = theirs.json<{ id: number }>().id;
    expect((await call('PATCH', `/api/income-sources/${id}`, { amount: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/income-sources/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/income-sources')).json()).toEqual([]);
    expect((await call('GET', '/api/income-sources', undefined, otherToken)).json()).toMatchObject([{ id, amount: 10 }]);
  });

  it("computes the month's expected income and marks a payment received when the payor's income lands within 3 days", async () => {
    const monthly = (await source()).json<{ id: number }>().id;
    const biweekly = (await source({ entity_id: client, amount: 400, start_date: '2026-10-23', recurrence: 'every_two_weeks' })).json<{ id: number }>().id;

    const before = await call('GET', '/api/income-sources/expected/month/11/year/2026');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      month: 11,
      year: 2026,
      total: 3300,
      received_total: 0,
      payments: [
        { source_id: biweekly, entity_id: client, entity_name: 'Freelance Client', account_id: accountId, date: '2026-11-06', amount: 400, received: false, transaction_id: null },
        { source_id: biweekly, entity_id: client, entity_name: 'Freelance Client', account_id: accountId, date: '2026-11-20', amount: 400, received: false, transaction_id: null },
        { source_id: monthly, entity_id: employer, entity_name: 'Acme Payroll', account_id: accountId, date: '2026-11-30', amount: 2500, received: false, transaction_id: null },
      ],
    });

    // Paid two days early, by the right payor; an expense and another payor's income do not count.
    const paid = await createTransaction(t.app, token, accountId, { type: 'income', amount: 400, date: '2026-11-04', entity_id: client });
    await createTransaction(t.app, token, accountId, { type: 'expense', amount: 400, date: '2026-11-20', entity_id: client });
    await createTransaction(t.app, token, accountId, { type: 'income', amount: 2500, date: '2026-11-20', entity_id: employer });
    // The month-end salary arrives on the 2nd of the next month: still within the window.
    const salary = await createTransaction(t.app, token, accountId, { type: 'income', amount: 2500, date: '2026-12-02', entity_id: employer });

    const after = (await call('GET', '/api/income-sources/expected/month/11/year/2026')).json<{
      received_total: number;
      payments: Array<{ date: string; received: boolean; transaction_id: number | null }>;
    }>();
    expect(after.payments.map((p) => [p.date, p.received, p.transaction_id])).toEqual([
      ['2026-11-06', true, paid],
      ['2026-11-20', false, null],
      ['2026-11-30', true, salary],
    ]);
    expect(after.received_total).toBe(2900);

    // February: the 31st-style start moves to the 28th; the budgets page shows the same total.
    const feb = (await call('GET', '/api/income-sources/expected/month/2/year/2027')).json<{ total: number; payments: Array<{ date: string }> }>();
    expect(feb.payments.map((p) => p.date)).toEqual(['2027-02-12', '2027-02-26', '2027-02-28']);
    const budgets = (await call('GET', '/api/budgets/month/2/year/2027')).json<{ summary: { expected_income: number } }>();
    expect(budgets.summary.expected_income).toBe(feb.total);
    expect(feb.total).toBe(3300);
    // Nothing is expected before a source starts.
    expect((await call('GET', '/api/income-sources/expected/month/9/year/2026')).json()).toMatchObject({ total: 0, payments: [] });
  });
});
