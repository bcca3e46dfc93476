/**
 * What issues 15 and 16 added to an account travels with its JSON backup (docs/DECISIONS.md #70):
 * categorization rules in their order, each budget's rollover history, regret cap and the months
 * whose cap has already notified.
 */
import { readCsv } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
type BackupJson = Json & {
  rules: Array<Json & { conditions: Json[]; actions: Json }>;
  budgets: Array<Json & { id: number; regret_cap_cents?: number | null; rollover_changes?: Json[]; regret_alerts?: Json[] }>;
  entities: Array<Json & { id: number }>;
  accounts: Array<Json & { id: number }>;
};

/** Drops ids (which a restore renumbers) so two users' answers can be compared. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Json)
        .filter(([key]) => key !== 'id' && !key.endsWith('_id'))
        .map(([key, inner]) => [key, withoutIds(inner)]),
    );
  }
  return value;
}

describe(`backup of rules, rollover and regret caps on ${TEST_DB}`, () => {
  let t: TestApp;
  let a: { token: string; userId: number; bookId: number };
  let ids: Record<string, number>;

  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    asUser(t.app, token, { method, url: `/api${url}`, ...(payload !== undefined && { payload: payload as Json }) });
  const exportBackup = async (token: string) => {
    const response = await call(token, 'GET', '/export/backup.json');
    expect(response.statusCode).toBe(200);
    return response.json<BackupJson>();
  };
  const restore = (token: string, payload: unknown) =>
    asUser(t.app, token, { method: 'POST', url: '/api/import-backup', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

  async function ownedRows(bookId: number) {
    const count = async (table: 'accounts' | 'rules' | 'budgets' | 'budget_rollover_changes' | 'budget_regret_alerts') =>
      (await t.database.db.selectFrom(table).select('id').where('book_id', '=', bookId).execute()).length;
    return {
      accounts: await count('accounts'),
      rules: await count('rules'),
      budgets: await count('budgets'),
      rollover: await count('budget_rollover_changes'),
      alerts: await count('budget_regret_alerts'),
    };
  }

  /** The user's rules with every id they name replaced by that row's name, in list order. */
  async function namedRules(token: string) {
    const [rules, entities, accounts] = await Promise.all([
      call(token, 'GET', '/rules').then((r) => r.json<Array<{ position: number; conditions: Json[]; actions: Json }>>()),
      call(token, 'GET', '/transactions/entities').then((r) => r.json<Array<{ id: number; name: string }>>()),
      call(token, 'GET', '/accounts').then((r) => r.json<Array<{ id: number; name: string }>>()),
    ]);
    const entityName = new Map(entities.map((e) => [e.id, e.name]));
    const accountName = new Map(accounts.map((e) => [e.id, e.name]));
    return rules.map((rule) => ({
      position: rule.position,
      conditions: rule.conditions.map((c) => (c.field === 'account' ? { ...c, value: accountName.get(c.value as number) } : c)),
      actions: { ...rule.actions, ...(rule.actions.entity_id !== undefined && { entity_id: entityName.get(rule.actions.entity_id as number) }) },
    }));
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-10-10T12:00:00Z');
    a = await registerUser(t.app, 'backup-rules-a@example.com');
    const { token } = a;
    const checking = await createAccount(t.app, token);
    const savings = await createAccount(t.app, token, { name: 'Rainy day' });
    const cafe = await createEntity(t.app, token, checking, 'Corner Cafe');
    ids = await subcategoryIds(t.app, token);
    const rule = async (payload: Json) => {
      const created = await call(token, 'POST', '/rules', payload);
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    const first = await rule({ conditions: [{ field: 'description', op: 'contains', value: 'latte' }], actions: { subcategory_id: ids['Coffee Shops'], entity_id: cafe, feeling: 'positive' } });
    const second = await rule({
      conditions: [{ field: 'account', op: 'is', value: savings }, { field: 'amount', op: 'between', value: { min: 10.5, max: 99.99 } }],
      actions: { purpose: 'unexpected', notes: 'From the rainy-day fund' },
    });
    const third = await rule({ conditions: [{ field: 'type', op: 'is', value: 'income' }], actions: { subcategory_id: ids.Paycheck } });
    // The order is the person's, not the order of creation.
    expect((await call(token, 'PUT', '/rules/order', { ids: [third, first, second] })).statusCode).toBe(200);

    const budget = async (payload: Json) => {
      const created = await call(token, 'POST', '/budgets', payload);
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    const dining = await budget({ transaction_subcategory_id: ids['Dining Out'], amount: 100, repeat_start: '2026-09-01', rollover: true, regret_cap: 25 });
    await budget({ transaction_subcategory_id: ids.Groceries, amount: 300, repeat_start: '2026-09-01', regret_cap: 80.5 });
    await budget({ transaction_subcategory_id: ids.Electric, due_in_full: 1, amount: 90, repeat_start: '2026-09-01', start_day: 20 });
    // Rollover off from December: November keeps carrying, December does not.
    expect((await call(token, 'PATCH', `/budgets/${dining}`, { month: 12, year: 2026, rollover: false })).statusCode).toBe(200);
    // Spending in September and October, the October one past the cap (an alert is claimed).
    await createTransaction(t.app, token, checking, { amount: 40, date: '2026-09-12', subcategories: [{ id: ids['Dining Out'] }] });
    await createTransaction(t.app, token, checking, { amount: 30, date: '2026-10-03', emotion_names: ['negative'], subcategories: [{ id: ids['Dining Out'] }] });
    const transfer = await call(token, 'POST', '/transfers', { from_account_id: checking, to_account_id: savings, amount: 50, date: '2026-10-05' });
    expect(transfer.statusCode, transfer.body).toBe(201);
  });
  afterAll(() => t.close());

  it('round-trips rules in their order, rollover histories, regret caps and notified months', async () => {
    const backup = await exportBackup(a.token);
    const b = await registerUser(t.app, 'backup-rules-b@example.com');
    const restored = await restore(b.token, backup);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({ counts: { rules: 3, budgets: 3, budget_rollover_changes: 2 } });
    expect(await ownedRows(b.bookId)).toEqual(await ownedRows(a.bookId));
    expect((await ownedRows(a.bookId)).alerts).toBe(1);

    const rulesA = await namedRules(a.token);
    expect(rulesA.map((rule) => rule.conditions[0]?.field)).toEqual(['type', 'description', 'account']);
    expect(await namedRules(b.token)).toEqual(rulesA);
    expect(rulesA[2]).toMatchObject({ conditions: [{ value: 'Rainy day' }, { value: { min: 10.5, max: 99.99 } }] });
    expect(rulesA[1]).toMatchObject({ actions: { entity_id: 'Corner Cafe' } });

    for (const [month, year] of [[9, 2026], [10, 2026], [11, 2026], [12, 2026], [1, 2027]] as const) {
      const url = `/budgets/month/${month}/year/${year}`;
      const [fromA, fromB] = await Promise.all([call(a.token, 'GET', url), call(b.token, 'GET', url)]);
      expect(fromB.statusCode, url).toBe(200);
      expect(withoutIds(fromB.json()), url).toEqual(withoutIds(fromA.json()));
    }
    const october = (await call(b.token, 'GET', '/budgets/month/10/year/2026')).json<{ budgets: Json[] }>().budgets;
    expect(october.find((row) => row.display_name === 'Dining Out')).toMatchObject({ rollover: true, carried: 60, regret_cap: 25, regret_cap_passed: true });

    // A second export of the copy is the same file apart from its ids (an account condition's value is one).
    const comparable = (file: BackupJson) =>
      withoutIds({
        ...file,
        exported_at: 0,
        rules: file.rules.map((rule) => ({ ...rule, conditions: rule.conditions.map((c) => (c.field === 'account' ? { ...c, value: 0 } : c)) })),
      });
    expect(comparable(await exportBackup(b.token))).toEqual(comparable(backup));
  });

  it('says in the CSV export which rows are the legs of a transfer', async () => {
    const response = await call(a.token, 'GET', '/export/transactions.csv');
    expect(response.statusCode).toBe(200);
    const rows = readCsv(response.body.replace(/^\uFEFF/, '')).map((record) => record.fields);
    expect(rows[0]?.slice(-2)).toEqual(['Pending', 'Transfer']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4], row[12]])).toEqual([
      ['2026-09-12', 'Everyday Checking', '-40.00', 'No'],
      ['2026-10-03', 'Everyday Checking', '-30.00', 'No'],
      ['2026-10-05', 'Everyday Checking', '-50.00', 'Yes'],
      ['2026-10-05', 'Rainy day', '50.00', 'Yes'],
    ]);
  });

  it('restores a file written before rules, rollover and caps travelled, without them', async () => {
    const backup = await exportBackup(a.token);
    const old = {
      ...backup,
      rules: undefined,
      budgets: backup.budgets.map(({ regret_cap_cents: _cap, rollover_changes: _rollover, regret_alerts: _alerts, ...budget }) => budget),
    };
    const c = await registerUser(t.app, 'backup-rules-old@example.com');
    const restored = await restore(c.token, old);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({ counts: { rules: 0, budgets: 3, budget_rollover_changes: 0 } });
    expect(await ownedRows(c.bookId)).toEqual({ accounts: 2, rules: 0, budgets: 3, rollover: 0, alerts: 0 });
    const october = (await call(c.token, 'GET', '/budgets/month/10/year/2026')).json<{ budgets: Json[] }>().budgets;
    expect(october.find((row) => row.display_name === 'Dining Out')).toMatchObject({ rollover: false, carried: 0, regret_cap: null });
  });

  it('refuses a rule naming a payee, account or sub-category the file does not hold, and writes nothing', async () => {
    const backup = await exportBackup(a.token);
    const d = await registerUser(t.app, 'backup-rules-dangling@example.com');
    const withRule = (index: number, change: (rule: BackupJson['rules'][number]) => Json) => ({
      ...backup,
      rules: backup.rules.map((rule, i) => (i === index ? change(rule) : rule)),
    });
    const entityRule = backup.rules.findIndex((rule) => rule.actions.entity_id !== undefined);
    const accountRule = backup.rules.findIndex((rule) => rule.conditions.some((c) => c.field === 'account'));
    const cases: Array<[unknown, RegExp]> = [
      [{ ...backup, entities: [] }, /refers to payee \d+ that it does not contain \(rule \d+\)/],
      [withRule(entityRule, (rule) => ({ ...rule, actions: { ...rule.actions, subcategory_id: 99_999 } })), /refers to sub-category 99999 that it does not contain \(rule \d+\)/],
      [
        withRule(accountRule, (rule) => ({ ...rule, conditions: rule.conditions.map((c) => (c.field === 'account' ? { ...c, value: 424_242 } : c)) })),
        /refers to account 424242 that it does not contain \(rule \d+\)/,
      ],
      [{ ...backup, rules: [...backup.rules, backup.rules[0]] }, /two rules share an id/],
    ];
    for (const [payload, message] of cases) {
      const response = await restore(d.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(422);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await ownedRows(d.bookId)).toEqual({ accounts: 0, rules: 0, budgets: 0, rollover: 0, alerts: 0 });
  });

  it('refuses what POST /api/rules and the budget form would refuse, and writes nothing', async () => {
    const backup = await exportBackup(a.token);
    const e = await registerUser(t.app, 'backup-rules-malformed@example.com');
    const rule = backup.rules[0] ?? {};
    const withRule = (change: Json) => ({ ...backup, rules: [{ ...rule, ...change }] });
    const bill = backup.budgets.find((budget) => budget.due_in_full === 1);
    const flexible = backup.budgets.find((budget) => budget.due_in_full === 0 && (budget.rollover_changes ?? []).length > 0);
    if (!bill || !flexible) throw new Error('the fixture lacks a bill or a budget with rollover');
    const withBudget = (target: Json, change: Json) => ({ ...backup, budgets: backup.budgets.map((budget) => (budget === target ? { ...budget, ...change } : budget)) });
    const cases: Array<[unknown, RegExp]> = [
      [withRule({ conditions: [] }), /rules\[0\]\.conditions — Add at least one condition/],
      [withRule({ conditions: [{ field: 'description', op: 'contains', value: '   ' }] }), /Type the text the rule looks for/],
      [withRule({ conditions: [{ field: 'amount', op: 'between', value: { min: 50, max: 5 } }] }), /The lowest amount must not be more than the highest/],
      [withRule({ conditions: [{ field: 'colour', op: 'is', value: 'red' }] }), /rules\[0\]\.conditions\[0\]/],
      [withRule({ conditions: 'anything' }), /rules\[0\]\.conditions/],
      [withRule({ actions: {} }), /Choose at least one thing the rule sets/],
      [withRule({ actions: { feeling: 'ecstatic' } }), /rules\[0\]\.actions\.feeling/],
      [{ ...backup, rules: backup.rules.map((r) => ({ ...r, position: 1 })) }, /two rules share a position/],
      [withBudget(flexible, { regret_cap_cents: 0 }), /budgets\[\d\]\.regret_cap_cents/],
      [withBudget(flexible, { rollover_changes: [{ from_month: '2026-13', enabled: 1, created_at: 'x' }] }), /Months are written YYYY-MM/],
      [withBudget(flexible, { rollover_changes: [...(flexible.rollover_changes ?? []), ...(flexible.rollover_changes ?? [])] }), /rollover twice from one month/],
      [withBudget(bill, { regret_cap_cents: 1000 }), /A regret cap is for flexible budgets/],
    ];
    for (const [payload, message] of cases) {
      const response = await restore(e.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 300)).toBe(422);
      expect(response.json<{ message: string }>().message, JSON.stringify(payload).slice(0, 300)).toMatch(message);
    }
    expect(await ownedRows(e.bookId)).toEqual({ accounts: 0, rules: 0, budgets: 0, rollover: 0, alerts: 0 });
  });
});
