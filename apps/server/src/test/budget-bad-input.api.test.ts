/**
 * Bad input never breaks budgets: fast-check throws generated bodies, ids and months at every
 * budget route. No answer is a 5xx, every 4xx explains itself, a refused request leaves the
 * budget tables as they were, and another user's budget answers 404.
 */
import { ENDINGS, REPEAT_FREQUENCIES } from '@mindspend/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawBody, anyFieldValue, anyId, bodiesFor, expectClearAnswer, jsonBody, namesOwnRow, rowCounts, sendRaw } from './fuzz';
import { subcategoryIds } from './ledger-fixtures';
import { TEST_DB, type TestApp, createTestApp, registerUser } from './test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  /** `:budget` is replaced by a budget id, `:user` by the signed-in user's id. */
  url: string;
  fields: readonly string[];
}

const RUNS = 40;
const BUDGET_FIELDS = [
  'transaction_subcategory_id', 'display_name', 'emoji', 'website', 'due_in_full', 'amount', 'is_recurring',
  'repeat_frequency', 'repeat_interval', 'repeat_start', 'start_day', 'ending', 'repeat_num_occurrences', 'repeat_end',
];

const ROUTES: Route[] = [
  { method: 'GET', url: '/api/budgets/month/11/year/2026', fields: [] },
  { method: 'GET', url: '/api/budgets/search?query=elec&month=11&year=2026', fields: [] },
  { method: 'GET', url: '/api/budgets/unbudgeted/month/11/year/2026', fields: [] },
  { method: 'GET', url: '/api/budgets/:budget', fields: [] },
  { method: 'GET', url: '/api/budgets/:budget/transactions/month/11/year/2026', fields: [] },
  { method: 'POST', url: '/api/budgets', fields: BUDGET_FIELDS },
  { method: 'PATCH', url: '/api/budgets/:budget', fields: [...BUDGET_FIELDS, 'month', 'year', 'has_been_paid', 'ignore'] },
  { method: 'DELETE', url: '/api/budgets/:budget', fields: ['date'] },
  { method: 'GET', url: '/api/budgetDefaults', fields: [] },
  { method: 'POST', url: '/api/users/:user/budgetDefaults/stop', fields: ['x'] },
];

const number = fc.oneof(
  fc.constantFrom<unknown>(0, -1, 1, 12, 13, 31, 32, 1e308, -0, 0.5, 2 ** 31, 2 ** 53, 'NaN', '1', '', null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const date = fc.oneof(
  fc.constantFrom('2026-02-29', '2028-02-29', '2026-13-01', '2026-11-1', '11/2026', '0/2026', '13/2026', '1/20266', ''),
  fc.date({ noInvalidDate: true }).map((value) => value.toISOString().slice(0, 10)),
  anyFieldValue,
);

const BUDGET_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  transaction_subcategory_id: fc.oneof(fc.nat({ max: 120 }), number, anyFieldValue),
  amount: fc.oneof(number, anyFieldValue),
  due_in_full: fc.oneof(fc.constantFrom(0, 1, 2, true, false, '1'), anyFieldValue),
  is_recurring: fc.oneof(fc.constantFrom(0, 1, 2, true, false), anyFieldValue),
  repeat_frequency: fc.oneof(fc.constantFrom(...REPEAT_FREQUENCIES, 'week', 'weekday', ''), anyFieldValue),
  repeat_interval: fc.oneof(number, anyFieldValue),
  start_day: fc.oneof(number, anyFieldValue),
  ending: fc.oneof(fc.constantFrom(...ENDINGS, 'forever'), anyFieldValue),
  repeat_num_occurrences: fc.oneof(number, anyFieldValue),
  repeat_start: date,
  repeat_end: date,
  month: fc.oneof(number, anyFieldValue),
  year: fc.oneof(number, anyFieldValue),
  has_been_paid: fc.oneof(fc.constantFrom(0, 1, 2, true), anyFieldValue),
  ignore: fc.oneof(fc.constantFrom(0, 1, 2, true), anyFieldValue),
  date,
};

const anySegment = fc.oneof(
  // Ids of 2^31 and more, and NUL ('%00' on the wire): PostgreSQL refuses both where SQLite does not.
  anyId.map(String),
  fc.string({ minLength: 1 }),
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '1.5', '1e3', ' 7', 'NaN', '2147483648', '99999999999999999999999', '%00', '\u0000', '7\u0000'),
);

const TABLES = ['budgets', 'budget_months'] as const;

describe(`budget bad input on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let bookId: number;
  let otherToken: string;
  let own = 0;
  let others = 0;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token, userId, bookId } = await registerUser(t.app, 'budget-fuzz@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'budget-other@example.com'));
    const ids = await subcategoryIds(t.app, token);
    for (const who of [token, otherToken]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/budgets',
        headers: { authorization: `Bearer ${who}` },
        payload: { transaction_subcategory_id: ids.Electric, due_in_full: 1, amount: 90, repeat_start: '2026-11-01', start_day: 20 },
      });
      const id = response.json<{ id: number }>().id;
      if (who === token) own = id;
      else others = id;
    }
  });
  afterAll(() => t?.close());

  const counts = () => rowCounts(t.database.db, TABLES);

  const send = (method: Method, url: string, body?: RawBody, as = token) => sendRaw(t.app, as, method, url, body);

  const urlFor = (route: Route, budget: number | string) =>
    route.url.replace(':budget', encodeURIComponent(String(budget))).replace(':user', String(userId));

  it.each(ROUTES.filter((route) => route.method !== 'GET'))(
    '$method $url never answers 5xx, explains every 4xx and changes nothing when it refuses',
    async (route) => {
      // Deleting aims at another user's budget, so the fixture survives every run.
      const budget = route.method === 'DELETE' ? others : own;
      await fc.assert(
        fc.asyncProperty(bodiesFor(route, BUDGET_VALUES), async (body) => {
          const before = await counts();
          const response = await send(route.method, urlFor(route, budget), body);
          const context = `${route.method} ${route.url} ${body.payload.slice(0, 300)}`;
          expectClearAnswer(response, context);
          if (route.method === 'DELETE') expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
          if (response.statusCode >= 400) expect(await counts(), context).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it.each(ROUTES.filter((route) => route.url.includes(':budget')))('$method $url answers any other id with a clear 4xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(anySegment, async (segment) => {
        fc.pre(!(await namesOwnRow(t.database.db, 'budgets', { userId, bookId }, segment)));
        const body = route.method === 'DELETE' ? jsonBody({ date: '11/2026' }) : route.method === 'PATCH' ? jsonBody({ amount: 5 }) : undefined;
        const response = await send(route.method, urlFor(route, segment), body);
        expectClearAnswer(response, `${route.method} ${segment}`);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(ROUTES.filter((route) => route.url.includes('/month/')))('$method $url answers any month and year with 200 or a clear 4xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(anySegment, anySegment, async (month, year) => {
        const url = urlFor(route, own).replace('/month/11/year/2026', `/month/${encodeURIComponent(month)}/year/${encodeURIComponent(year)}`);
        expectClearAnswer(await send('GET', url), url);
      }),
      { numRuns: RUNS },
    );
  });

  it("answers 404 for another user's budget on every route and changes nothing", async () => {
    const before = await counts();
    for (const route of ROUTES.filter((candidate) => candidate.url.includes(':budget'))) {
      const body = route.method === 'DELETE' ? jsonBody({ date: '11/2026' }) : route.method === 'PATCH' ? jsonBody({ month: 11, year: 2026, has_been_paid: 1 }) : undefined;
      const response = await send(route.method, urlFor(route, others), body);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    expect(await counts()).toEqual(before);
    const theirs = await send('GET', `/api/budgets/${others}`, undefined, otherToken);
    expect(theirs.json()).toMatchObject({ amount: 90, has_been_paid: 0 });
  });
});
