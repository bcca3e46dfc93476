import { MAX_RULES_PER_USER } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

interface RuleAnswer {
  id: number;
  position: number;
  conditions: unknown[];
  actions: Record<string, unknown>;
}

interface TransactionAnswer {
  id: number;
  entity_id: number | null;
  description: string | null;
  notes: string | null;
  purpose: string | null;
  emotion_names: string[];
  subcategories: Array<{ id: number; name: string; amount: number }>;
}

const amazon = { field: 'payee', op: 'contains', value: 'AMZN Mktp' };

describe(`categorization rules on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let accountId: number;
  let otherAccountId: number;
  let otherEntityId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'rules-api@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'rules-other@example.com'));
    accountId = await createAccount(t.app, token);
    otherAccountId = await createAccount(t.app, otherToken);
    otherEntityId = await createEntity(t.app, otherToken, otherAccountId, 'Someone Else');
    ids = await subcategoryIds(t.app, token);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) =>
    asUser(t.app, as, { method, url: `/api${url}`, ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });
  const rules = async (as = token) => (await call('GET', '/rules', undefined, as)).json<RuleAnswer[]>();
  const ruleCount = async () => Number((await t.database.db.selectFrom('rules').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const transaction = async (id: number) => (await call('GET', `/transactions/${id}`)).json<TransactionAnswer>();
  const removeAll = async () => {
    for (const rule of await rules()) await call('DELETE', `/rules/${rule.id}`);
  };

  it('adds rules at the end, lists them in order, changes, reorders and removes them', async () => {
    const first = await call('POST', '/rules', { conditions: [amazon], actions: { subcategory_id: ids['Online Shopping'], purpose: 'optional', feeling: 'neutral' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ position: 1, conditions: [amazon], actions: { subcategory_id: ids['Online Shopping'], purpose: 'optional', feeling: 'neutral' } });
    const range = { field: 'amount', op: 'between', value: { min: 1.5, max: 20 } };
    const second = await call('POST', '/rules', { conditions: [range, { field: 'type', op: 'is', value: 'expense' }], actions: { notes: 'small' } });
    expect(second.json()).toMatchObject({ position: 2, conditions: [range, { field: 'type', op: 'is', value: 'expense' }] });
    const [a, b] = [first.json<RuleAnswer>().id, second.json<RuleAnswer>().id];

    const changed = await call('PATCH', `/rules/${b}`, { actions: { purpose: 'survival' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: b, position: 2, actions: { purpose: 'survival' }, conditions: [range, expect.anything()] });
    expect(changed.json<RuleAnswer>().actions).not.toHaveProperty('notes');

    const reordered = await call('PUT', '/rules/order', { ids: [b, a] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<RuleAnswer[]>().map((rule) => [rule.id, rule.position])).toEqual([[b, 1], [a, 2]]);
    expect((await rules()).map((rule) => rule.id)).toEqual([b, a]);
    expect(await rules(otherToken)).toEqual([]);

    expect((await call('DELETE', `/rules/${b}`)).statusCode).toBe(204);
    expect((await rules()).map((rule) => [rule.id, rule.position])).toEqual([[a, 1]]);
    await removeAll();
  });

  it('answers 422 for bad bodies and writes nothing', async () => {
    const bad: unknown[] = [
      {},
      { conditions: [], actions: { purpose: 'optional' } },
      { conditions: [amazon], actions: {} },
      { conditions: [amazon] },
      { conditions: [{ field: 'payee', op: 'contains', value: '   ' }], actions: { purpose: 'optional' } },
      { conditions: [{ field: 'payee', op: 'contains', value: 'x'.repeat(101) }], actions: { purpose: 'optional' } },
      { conditions: [{ field: 'payee', op: 'between', value: 'x' }], actions: { purpose: 'optional' } },
      { conditions: [{ field: 'colour', op: 'is', value: 'red' }], actions: { purpose: 'optional' } },
      { conditions: [{ field: 'amount', op: 'between', value: { min: 20, max: 5 } }], actions: { purpose: 'optional' } },
      { conditions: [{ field: 'amount', op: 'between', value: { min: -1, max: 5 } }], actions: { purpose: 'optional' } },
      { conditions: [{ field: 'amount', op: 'between', value: { min: 1.001, max: 5 } }], actions: { purpose: 'optional' } },
      { conditions: [{ field: 'type', op: 'is', value: 'transfer' }], actions: { purpose: 'optional' } },
      { conditions: Array(11).fill(amazon), actions: { purpose: 'optional' } },
      { conditions: [amazon], actions: { feeling: 'ecstatic' } },
      { conditions: [amazon], actions: { subcategory_id: 'Shopping' } },
      { conditions: [amazon], actions: { notes: 'a\u0000b' } },
      { conditions: 'everything', actions: { purpose: 'optional' } },
    ];
    for (const payload of bad) {
      const response = await call('POST', '/rules', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json<{ message: string }>().message).toMatch(/\w/);
    }
    const range = await call('POST', '/rules', { conditions: [{ field: 'amount', op: 'between', value: { min: 20, max: 5 } }], actions: { purpose: 'optional' } });
    expect(range.json<{ message: string }>().message).toBe('The lowest amount must not be more than the highest.');
    expect(await ruleCount()).toBe(0);
  });

  it("refuses another user's payee and account and an unknown sub-category with 422, writing nothing", async () => {
    const cases = [
      [{ conditions: [amazon], actions: { entity_id: otherEntityId } }, 'The selected payee does not exist.'],
      [{ conditions: [{ field: 'account', op: 'is', value: otherAccountId }], actions: { purpose: 'optional' } }, 'The selected account does not exist.'],
      [{ conditions: [amazon], actions: { subcategory_id: 999_999 } }, 'The selected sub-category does not exist.'],
    ] as const;
    for (const [payload, message] of cases) {
      const response = await call('POST', '/rules', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await ruleCount()).toBe(0);
    const own = (await call('POST', '/rules', { conditions: [amazon], actions: { purpose: 'optional' } })).json<RuleAnswer>();
    const patched = await call('PATCH', `/rules/${own.id}`, { actions: { entity_id: otherEntityId } });
    expect(patched.statusCode).toBe(422);
    expect((await rules())[0]?.actions).toEqual({ purpose: 'optional' });
    expect((await call('PATCH', `/rules/${own.id}`, {})).statusCode).toBe(422);
    await removeAll();
  });

  it("answers 404 for another user's rule on every route, and leaves it alone", async () => {
    const theirs = (await call('POST', '/rules', { conditions: [amazon], actions: { purpose: 'culture' } }, otherToken)).json<RuleAnswer>();
    expect((await call('PATCH', `/rules/${theirs.id}`, { actions: { purpose: 'optional' } })).statusCode).toBe(404);
    expect((await call('DELETE', `/rules/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/rules/${theirs.id}/preview`)).statusCode).toBe(404);
    expect((await call('POST', `/rules/${theirs.id}/apply`)).statusCode).toBe(404);
    expect((await call('PUT', '/rules/order', { ids: [theirs.id] })).statusCode).toBe(422);
    expect((await call('DELETE', '/rules/abc')).statusCode).toBe(422);
    expect((await rules(otherToken)).map((rule) => rule.actions)).toEqual([{ purpose: 'culture' }]);
  });

  it('refuses an order that leaves out or repeats a rule', async () => {
    const a = (await call('POST', '/rules', { conditions: [amazon], actions: { purpose: 'optional' } })).json<RuleAnswer>().id;
    const b = (await call('POST', '/rules', { conditions: [amazon], actions: { purpose: 'culture' } })).json<RuleAnswer>().id;
    for (const order of [[a], [a, a], [a, b, b], [b, a, 12345]]) {
      const response = await call('PUT', '/rules/order', { ids: order });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ message: string }>().message).toBe('List every one of your rules exactly once to reorder them.');
    }
    expect((await rules()).map((rule) => rule.id)).toEqual([a, b]);
    await removeAll();
  });

  it(`keeps at most ${MAX_RULES_PER_USER} rules`, async () => {
    const { bookId } = await registerUser(t.app, 'rules-many@example.com').then(async (user) => ({ ...user }));
    const now = '2026-11-20T12:00:00.000Z';
    await t.database.db
      .insertInto('rules')
      .values(Array.from({ length: MAX_RULES_PER_USER }, (_, index) => ({ book_id: bookId, position: index + 1, conditions: JSON.stringify([{ field: 'payee', op: 'contains', value: `p${index}` }]), actions: '{"purpose":"optional"}', created_at: now, updated_at: now })))
      .execute();
    const manyToken = (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'rules-many@example.com', password: 'Mindful123' } })).json<{ api_token: string }>().api_token;
    const response = await call('POST', '/rules', { conditions: [amazon], actions: { purpose: 'optional' } }, manyToken);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(/at most 100 rules/);
  });

  it('previews and applies a rule to the ledger, never to a transfer leg, keeping a split the person made', async () => {
    const books = await createEntity(t.app, token, accountId, 'Powell Books');
    const single = await createTransaction(t.app, token, accountId, { description: 'AMZN Mktp US*2K4', amount: 25.99, subcategories: [{ id: ids.Groceries }] });
    const bare = await createTransaction(t.app, token, accountId, { description: 'amzn mktp us*9zz', amount: 12, date: '2026-11-12' });
    const split = await createTransaction(t.app, token, accountId, {
      description: 'AMZN Mktp split',
      amount: 30,
      subcategories: [{ id: ids.Groceries, amount: 10 }, { id: ids['Online Shopping'], amount: 20 }],
    });
    const income = await createTransaction(t.app, token, accountId, { type: 'income', description: 'AMZN Mktp refund', amount: 5 });
    const leg = await createTransaction(t.app, token, accountId, { description: 'AMZN Mktp transfer', amount: 40 });
    await t.database.db.updateTable('transactions').set({ transfer_id: 777 }).where('id', '=', leg).execute();
    const other = await createTransaction(t.app, token, accountId, { description: 'Powell Books', entity_id: books, amount: 8 });

    const rule = (await call('POST', '/rules', { conditions: [amazon], actions: { subcategory_id: ids['Online Shopping'], purpose: 'optional', feeling: 'neutral' } })).json<RuleAnswer>();
    const preview = await call('POST', `/rules/${rule.id}/preview`);
    expect(preview.statusCode).toBe(200);
    const previewed = preview.json<{ count: number; sample: Array<{ id: number; amount: number }> }>();
    // The income refund matches too: it gets the feeling and purpose, not an expense sub-category.
    expect(previewed.count).toBe(4);
    expect(previewed.sample.map((row) => row.id).sort()).toEqual([single, bare, split, income].sort());
    expect(previewed.sample.find((row) => row.id === single)?.amount).toBe(25.99);
    // A preview changes nothing.
    expect((await transaction(single)).subcategories.map((line) => line.id)).toEqual([ids.Groceries]);

    const applied = await call('POST', `/rules/${rule.id}/apply`);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ updated: 4 });
    for (const id of [single, bare]) {
      expect(await transaction(id)).toMatchObject({ purpose: 'optional', emotion_names: ['neutral'], subcategories: [{ id: ids['Online Shopping'] }] });
    }
    expect((await transaction(bare)).subcategories[0]?.amount).toBe(12);
    expect(await transaction(split)).toMatchObject({ purpose: 'optional', subcategories: [{ id: ids.Groceries, amount: 10 }, { id: ids['Online Shopping'], amount: 20 }] });
    expect(await transaction(income)).toMatchObject({ purpose: 'optional', subcategories: [] });
    expect(await transaction(leg)).toMatchObject({ purpose: null, emotion_names: [], subcategories: [] });
    expect(await transaction(other)).toMatchObject({ purpose: null, entity_id: books });

    expect((await call('POST', `/rules/${rule.id}/preview`)).json()).toEqual({ count: 0, sample: [] });
    expect((await call('POST', `/rules/${rule.id}/apply`)).json()).toEqual({ updated: 0 });

    const renames = (await call('POST', '/rules', { conditions: [{ field: 'description', op: 'starts_with', value: 'amzn mktp us' }], actions: { entity_id: books, notes: 'Amazon order' } })).json<RuleAnswer>();
    expect((await call('POST', `/rules/${renames.id}/apply`)).json()).toEqual({ updated: 2 });
    expect(await transaction(bare)).toMatchObject({ entity_id: books, notes: 'Amazon order', purpose: 'optional' });
    await removeAll();
  });

  it('applies rules to a CSV import before history, the first matching rule winning each field', async () => {
    const account = await createAccount(t.app, token, { name: 'Imports' });
    const first = await call('POST', '/rules', {
      conditions: [{ field: 'description', op: 'contains', value: 'amzn mktp' }, { field: 'account', op: 'is', value: account }],
      actions: { subcategory_id: ids['Online Shopping'], purpose: 'optional' },
    });
    expect(first.statusCode).toBe(201);
    await call('POST', '/rules', { conditions: [{ field: 'amount', op: 'between', value: { min: 0, max: 100 } }], actions: { subcategory_id: ids.Groceries, feeling: 'neutral', purpose: 'survival' } });
    const csv = ['Date,Description,Amount', '11/03/2026,AMZN Mktp US*2K4 Seattle WA,-25.99', '11/04/2026,AMZN Mktp US*7Q1 Seattle WA,-250.00', '11/05/2026,SHELL OIL 57442,-41.20', '11/06/2026,PAYROLL ACME CORP,900.00'].join('\n');
    const { job } = await uploadStatement(t.app, token, account, csv);
    expect(job).toMatchObject({ status: 'completed', rows_imported: 4 });
    const rows = (await call('GET', `/accounts/${account}/transactions/month/11/year/2026`)).json<Array<TransactionAnswer & { amount: number; type: string }>>();
    const byAmount = (amount: number) => rows.find((row) => row.amount === amount);
    expect(byAmount(25.99)).toMatchObject({ purpose: 'optional', emotion_names: ['neutral'], subcategories: [{ id: ids['Online Shopping'] }] });
    expect(byAmount(250)).toMatchObject({ purpose: 'optional', emotion_names: [], subcategories: [{ id: ids['Online Shopping'] }] });
    // The second rule wins over the keyword table (Shell would be Fuel).
    expect(byAmount(41.2)).toMatchObject({ purpose: 'survival', emotion_names: ['neutral'], subcategories: [{ id: ids.Groceries }] });
    // An expense sub-category is never put on income; the keyword table still categorizes it.
    expect(byAmount(900)).toMatchObject({ type: 'income', purpose: null, subcategories: [{ name: 'Paycheck' }] });
    await removeAll();
  });

  it("gives imported rows the rule's payee, creating none named after the bank's text", async () => {
    const account = await createAccount(t.app, token, { name: 'Payee imports' });
    const cafe = await createEntity(t.app, token, account, 'Blue Bottle Coffee');
    await call('POST', '/rules', { conditions: [{ field: 'description', op: 'starts_with', value: 'sq *blue bot' }], actions: { entity_id: cafe } });
    const csv = ['Date,Description,Amount', '11/07/2026,SQ *BLUE BOTTLE 0412,-6.50', '11/08/2026,SQ *BLUE BOTTLE 0977,-4.25'].join('\n');
    const { job } = await uploadStatement(t.app, token, account, csv);
    expect(job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const rows = (await call('GET', `/accounts/${account}/transactions/month/11/year/2026`)).json<TransactionAnswer[]>();
    expect(rows.map((row) => [row.entity_id, row.description])).toEqual([
      [cafe, 'SQ *BLUE BOTTLE 0977'],
      [cafe, 'SQ *BLUE BOTTLE 0412'],
    ]);
    const names = (await call('GET', '/transactions/entities')).json<Array<{ name: string }>>().map((entity) => entity.name);
    expect(names.filter((name) => /sq|blue bottle/i.test(name))).toEqual(['Blue Bottle Coffee']);
    await removeAll();
  });
});
