/**
 * Bad input never breaks income sources, goals, insights or backups: fast-check throws generated
 * bodies, ids, months and query strings at every new route. No answer is a 5xx, every 4xx explains
 * itself, a refused request leaves the tables as they were, and another user's rows answer 404.
 */
import { INCOME_RECURRENCE_VALUES } from '@mindspend/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawBody, anyFieldValue, anyId, bodiesFor, expectClearAnswer, jsonBody, namesOwnRow, rowCounts, sendRaw } from './fuzz';
import { createAccount, createEntity } from './ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from './test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  /** `:source` and `:goal` are replaced by an id. */
  url: string;
  fields: readonly string[];
}

const RUNS = 40;
const INCOME_FIELDS = ['account_id', 'entity_id', 'amount', 'start_date', 'recurrence', 'x_days'];
const GOAL_FIELDS = ['name', 'target_amount', 'target_date', 'saved_amount', 'account_id'];
const BACKUP_FIELDS = ['format', 'version', 'exported_at', 'accounts', 'entities', 'transactions', 'budgets', 'income_sources', 'goals'];

const ROUTES: Route[] = [
  { method: 'GET', url: '/api/income-sources', fields: [] },
  { method: 'GET', url: '/api/income-sources/expected/month/11/year/2026', fields: [] },
  { method: 'POST', url: '/api/income-sources', fields: INCOME_FIELDS },
  { method: 'PATCH', url: '/api/income-sources/:source', fields: INCOME_FIELDS },
  { method: 'DELETE', url: '/api/income-sources/:source', fields: ['x'] },
  { method: 'GET', url: '/api/goals', fields: [] },
  { method: 'POST', url: '/api/goals', fields: GOAL_FIELDS },
  { method: 'PATCH', url: '/api/goals/:goal', fields: GOAL_FIELDS },
  { method: 'DELETE', url: '/api/goals/:goal', fields: ['x'] },
  { method: 'POST', url: '/api/import-backup', fields: BACKUP_FIELDS },
];

const number = fc.oneof(
  fc.constantFrom<unknown>(0, -1, 1, 14, 366, 367, 1e308, -0, 0.5, 0.001, 2 ** 31, 2 ** 53, 'NaN', '1', '', null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const date = fc.oneof(
  fc.constantFrom('2026-02-29', '2028-02-29', '2026-13-01', '2026-11-1', '1899-12-31', '2201-01-01', ''),
  fc.date({ noInvalidDate: true }).map((value) => value.toISOString().slice(0, 10)),
  anyFieldValue,
);
const rows = fc.oneof(fc.array(fc.dictionary(fc.constantFrom('id', 'account_id', 'entity_id', 'name', 'amount_cents', 'date', 'splits', 'balances', 'months'), anyFieldValue), { maxLength: 3 }), anyFieldValue);

const VALUES: Record<string, fc.Arbitrary<unknown>> = {
  account_id: fc.oneof(fc.nat({ max: 20 }), number, anyFieldValue),
  entity_id: fc.oneof(fc.nat({ max: 20 }), number, anyFieldValue),
  amount: fc.oneof(number, anyFieldValue),
  target_amount: fc.oneof(number, anyFieldValue),
  saved_amount: fc.oneof(number, anyFieldValue),
  x_days: fc.oneof(number, anyFieldValue),
  recurrence: fc.oneof(fc.constantFrom(...INCOME_RECURRENCE_VALUES, 'weekly', ''), anyFieldValue),
  start_date: date,
  target_date: date,
  format: fc.oneof(fc.constant('mindspend-backup'), anyFieldValue),
  version: fc.oneof(fc.constantFrom(1, 2, '1'), anyFieldValue),
  accounts: rows,
  entities: rows,
  transactions: rows,
  budgets: rows,
  income_sources: rows,
  goals: rows,
};

const anySegment = fc.oneof(
  // Ids of 2^31 and more, and NUL ('%00' on the wire): PostgreSQL refuses both where SQLite does not.
  anyId.map(String),
  fc.string({ minLength: 1 }),
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '1.5', '1e3', ' 7', 'NaN', '2147483648', '99999999999999999999999', '%00', '\u0000', '7\u0000'),
);

const TABLES = ['income_sources', 'goals', 'accounts', 'entities', 'transactions'] as const;

describe(`income, goals, insights and backup bad input on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let bookId: number;
  let otherToken: string;
  const own = { source: 0, goal: 0 };
  const others = { source: 0, goal: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token, userId, bookId } = await registerUser(t.app, 'income-fuzz@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'income-fuzz-other@example.com'));
    for (const who of [token, otherToken]) {
      const account = await createAccount(t.app, who);
      const entity = await createEntity(t.app, who, account, 'Payroll');
      const source = await asUser(t.app, who, {
        method: 'POST',
        url: '/api/income-sources',
        payload: { account_id: account, entity_id: entity, amount: 100, start_date: '2026-11-01', recurrence: 'monthly' },
      });
      const goal = await asUser(t.app, who, { method: 'POST', url: '/api/goals', payload: { name: 'Trip', target_amount: 500, target_date: '2027-06-01' } });
      const ids = who === token ? own : others;
      ids.source = source.json<{ id: number }>().id;
      ids.goal = goal.json<{ id: number }>().id;
    }
  });
  afterAll(() => t?.close());

  const counts = () => rowCounts(t.database.db, TABLES);

  const send = (method: Method, url: string, body?: RawBody, as = token) => sendRaw(t.app, as, method, url, body);

  const urlFor = (route: Route, ids: { source: number | string; goal: number | string }) =>
    route.url.replace(':source', encodeURIComponent(String(ids.source))).replace(':goal', encodeURIComponent(String(ids.goal)));

  it.each(ROUTES.filter((route) => route.method !== 'GET'))(
    '$method $url never answers 5xx, explains every 4xx and changes nothing when it refuses',
    async (route) => {
      // Deleting aims at another user's rows, so the fixtures survive every run.
      const ids = route.method === 'DELETE' ? others : own;
      await fc.assert(
        fc.asyncProperty(bodiesFor(route, VALUES), async (body) => {
          const before = await counts();
          const response = await send(route.method, urlFor(route, ids), body);
          const context = `${route.method} ${route.url} ${body.payload.slice(0, 300)}`;
          expectClearAnswer(response, context);
          if (route.method === 'DELETE' || route.url === '/api/import-backup') expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
          if (response.statusCode >= 400) expect(await counts(), context).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it.each(ROUTES.filter((route) => route.url.includes(':')))('$method $url answers any other id with a clear 4xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(anySegment, async (segment) => {
        fc.pre(!(await namesOwnRow(t.database.db, route.url.includes(':goal') ? 'goals' : 'income_sources', { userId, bookId }, segment)));
        const body = route.method === 'PATCH' ? jsonBody({ amount: 5, name: 'x' }) : undefined;
        const response = await send(route.method, urlFor(route, { source: segment, goal: segment }), body);
        expectClearAnswer(response, `${route.method} ${segment}`);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers any expected-income month and year with 200 or a clear 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(anySegment, anySegment, async (month, year) => {
        const url = `/api/income-sources/expected/month/${encodeURIComponent(month)}/year/${encodeURIComponent(year)}`;
        expectClearAnswer(await send('GET', url), url);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers any insights query with 200 or a clear 4xx', async () => {
    const month = fc.oneof(
      fc.constantFrom('2026-11', '2023-11', '1900-01', '2200-12', '2026-13', '2026-1', ''),
      fc.date({ noInvalidDate: true }).map((value) => value.toISOString().slice(0, 7)),
      anySegment,
    );
    await fc.assert(
      fc.asyncProperty(fc.option(month), fc.option(month), fc.option(anySegment), async (from, to, account) => {
        const params = new URLSearchParams();
        if (from !== null) params.set('from', from);
        if (to !== null) params.set('to', to);
        if (account !== null) params.set('account_id', account);
        const url = `/api/insights?${params.toString()}`;
        expectClearAnswer(await send('GET', url), url);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it("answers 404 for another user's income source and goal on every route and changes nothing", async () => {
    const before = await counts();
    for (const route of ROUTES.filter((candidate) => candidate.url.includes(':'))) {
      const body = route.method === 'PATCH' ? jsonBody({ amount: 1, name: 'Mine' }) : undefined;
      const response = await send(route.method, urlFor(route, others), body);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    expect(await counts()).toEqual(before);
    const theirs = await send('GET', '/api/income-sources', undefined, otherToken);
    expect(theirs.json()).toMatchObject([{ id: others.source, amount: 100 }]);
  });
});
