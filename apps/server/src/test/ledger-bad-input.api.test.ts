/**
 * Bad input never breaks the ledger: fast-check throws generated bodies, ids and query strings at
 * every ledger route. No answer is a 5xx, every 4xx explains itself, a refused request leaves every
 * ledger table as it was, and another user's ids answer 404.
 */
import { FEELING_VALUES, PAYMENT_METHOD_VALUES, PURPOSE_VALUES } from '@mindspend/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawBody, anyFieldValue, anyId, anyText, bodiesFor, expectClearAnswer, jsonBody, namesOwnRow, rowCounts, sendRaw } from './fuzz';
import { createAccount, createEntity, createTransaction, subcategoryIds } from './ledger-fixtures';
import { TEST_DB, type TestApp, createTestApp, registerUser } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type IdKind = 'account' | 'transaction' | 'entity';

interface Route {
  method: Method;
  /** `:account`, `:transaction` and `:entity` are replaced by ids; month routes use November 2026. */
  url: string;
  fields: readonly string[];
  /** A body the route accepts, so that fuzzing an id tests only the id. */
  valid?: Record<string, unknown>;
}

const RUNS = 40;

const ACCOUNT_FIELDS = ['name', 'account_type_id', 'subtype', 'most_recent_balance'];
const ENTITY_FIELDS = ['name', 'address_line1', 'address_line2', 'city', 'state', 'zipcode', 'postal'];
const TRANSACTION_FIELDS = [
  'type', 'amount', 'date', 'entity_id', 'description', 'notes', 'payment_method', 'purpose', 'emotion_names',
  'emotions', 'pending', 'subcategories',
];
const VALID_ACCOUNT = { name: 'Fuzz', account_type_id: 2, most_recent_balance: { current_balance: 10, date: '2026-11-01' } };
const VALID_ENTITY = { name: 'Fuzz payee' };
const VALID_TRANSACTION = { type: 'expense', amount: 12.5, date: '2026-11-10' };

/** Every ledger route, with the body fields it reads. */
const ROUTES: Route[] = [
  { method: 'GET', url: '/api/accounts', fields: [] },
  { method: 'GET', url: '/api/accounts/types', fields: [] },
  { method: 'POST', url: '/api/accounts/types', fields: ['x'] },
  { method: 'GET', url: '/api/accounts/month/11/year/2026', fields: [] },
  { method: 'POST', url: '/api/accounts', fields: ACCOUNT_FIELDS },
  { method: 'GET', url: '/api/accounts/:account', fields: [] },
  { method: 'PUT', url: '/api/accounts/:account', fields: ACCOUNT_FIELDS, valid: VALID_ACCOUNT },
  { method: 'PATCH', url: '/api/accounts/:account', fields: ACCOUNT_FIELDS, valid: VALID_ACCOUNT },
  { method: 'DELETE', url: '/api/accounts/:account', fields: ['x'] },
  { method: 'GET', url: '/api/transactions/categories', fields: [] },
  { method: 'GET', url: '/api/transactions/categories/income', fields: [] },
  { method: 'GET', url: '/api/transactions/categories/expenses', fields: [] },
  { method: 'GET', url: '/api/transactions/entities', fields: [] },
  { method: 'GET', url: '/api/transactions/entities/:entity', fields: [] },
  { method: 'POST', url: '/api/accounts/:account/entities', fields: ENTITY_FIELDS, valid: VALID_ENTITY },
  { method: 'PUT', url: '/api/transactions/entities/:entity', fields: ENTITY_FIELDS, valid: VALID_ENTITY },
  { method: 'POST', url: '/api/accounts/:account/transactions', fields: TRANSACTION_FIELDS, valid: VALID_TRANSACTION },
  { method: 'GET', url: '/api/transactions/:transaction', fields: [] },
  { method: 'PUT', url: '/api/transactions/:transaction', fields: TRANSACTION_FIELDS, valid: VALID_TRANSACTION },
  { method: 'PATCH', url: '/api/transactions/:transaction', fields: TRANSACTION_FIELDS, valid: VALID_TRANSACTION },
  { method: 'DELETE', url: '/api/transactions/:transaction', fields: ['x'] },
  { method: 'GET', url: '/api/accounts/:account/transactions/month/11/year/2026', fields: [] },
  { method: 'GET', url: '/api/accounts/transactions/month/11/year/2026', fields: [] },
  { method: 'GET', url: '/api/transactions/search?query=fred', fields: [] },
];

const BODY_ROUTES = ROUTES.filter((route) => route.method !== 'GET');
const ID_ROUTES = ROUTES.filter((route) => idKindOf(route) !== null);
const MONTH_ROUTES = ROUTES.filter((route) => route.url.includes('/month/'));

function idKindOf(route: Route): IdKind | null {
  const match = /:(account|transaction|entity)\b/.exec(route.url);
  return match ? (match[1] as IdKind) : null;
}

/** Numbers at the edges: too big for any column, negative zero, sub-cent, past 2^53, and strings that look like numbers. */
const edgeNumber = fc.oneof(
  fc.constantFrom<unknown>(
    1e308, -1e308, -0, 0, 0.001, 0.005, 1e-7, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 53 + 2, 1e20, -1, 1.5, 12.345,
    Number.MIN_VALUE, 'NaN', 'Infinity', '-Infinity', '1e3', '12.34', ' 5', '0x10', '', 'null',
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const idValue = fc.oneof(edgeNumber, fc.nat({ max: 200 }), anyFieldValue);
const dateValue = fc.oneof(
  fc.constantFrom('2026-02-29', '2024-02-29', '0000-01-01', '9999-12-31', '2026-13-01', '2026-1-1', '2026-11-10T00:00:00Z', '+02026-01-01', '2026-11-10\u0000'),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  anyFieldValue,
);
const amountValue = fc.oneof(edgeNumber, anyFieldValue);
/** An array long enough to be expensive if the server walked it before refusing it. */
const hugeArray = fc.integer({ min: 1000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => ({ id: i + 1, amount: 0.01 })));
const feelings = fc.oneof(anyFieldValue, fc.array(fc.oneof(fc.constantFrom(...FEELING_VALUES), anyText), { maxLength: 3 }), hugeArray);

/** Values of the ledger's own fields: nested balances and split lines with arbitrary members. */
const LEDGER_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  account_type_id: idValue,
  entity_id: idValue,
  amount: amountValue,
  date: dateValue,
  type: fc.oneof(fc.constantFrom('income', 'expense', 'Income', 'transfer', ''), anyFieldValue),
  subtype: fc.oneof(fc.constantFrom('credit card', 'Credit Card', 'debit'), anyFieldValue),
  state: fc.oneof(fc.constantFrom('wa', ' OR ', 'XX', 'PR', 'Washington'), anyFieldValue),
  zipcode: fc.oneof(fc.constantFrom('98101', '98101-1234', '9810', '98101 ', 'abcde'), anyFieldValue),
  payment_method: fc.oneof(fc.constantFrom(...PAYMENT_METHOD_VALUES, 'bitcoin'), anyFieldValue),
  purpose: fc.oneof(fc.constantFrom(...PURPOSE_VALUES, 'fun'), anyFieldValue),
  pending: fc.oneof(fc.constantFrom(0, 1, 2, true, 'true', '1'), anyFieldValue),
  emotion_names: feelings,
  emotions: feelings,
  most_recent_balance: fc.oneof(
    fc.record(
      { current_balance: amountValue, available_balance: amountValue, limit: amountValue, date: dateValue },
      { requiredKeys: [] },
    ),
    anyFieldValue,
  ),
  subcategories: fc.oneof(
    fc.array(fc.oneof(fc.record({ id: idValue, amount: amountValue }, { requiredKeys: [] }), anyFieldValue), { maxLength: 25 }),
    hugeArray,
    anyFieldValue,
  ),
};

/** JSON number literals that JSON.stringify never writes: overflow to ±Infinity, -0, more digits than a double holds. */
const NUMBER_LITERALS = ['1e999', '-1e999', '-0', '-0.0', '1e308', '4.9e-324', '0.0000000000000000000001', '123456789012345678901234567890', '9007199254740993', '12.50000000000000001'];

function literalBodies(route: Route): fc.Arbitrary<RawBody> {
  const fields = [...route.fields, 'most_recent_balance.current_balance', 'subcategories.0.id'];
  return fc.dictionary(fc.constantFrom(...fields), fc.constantFrom(...NUMBER_LITERALS), { minKeys: 1, maxKeys: 4 }).map((entries) => {
    const text = (field: string, literal: string) => {
      const [outer, inner, innerField] = field.split('.');
      if (inner === undefined) return `${JSON.stringify(outer)}:${literal}`;
      const value = innerField === undefined ? `{${JSON.stringify(inner)}:${literal}}` : `[{${JSON.stringify(innerField)}:${literal}}]`;
      return `${JSON.stringify(outer)}:${value}`;
    };
    const base = route.valid ? Object.entries(route.valid).filter(([field]) => !(field in entries)) : [];
    const parts = [...base.map(([field, value]) => `${JSON.stringify(field)}:${JSON.stringify(value)}`)];
    for (const [field, literal] of Object.entries(entries)) parts.push(text(field, literal));
    return { payload: `{${parts.join(',')}}`, contentType: 'application/json' };
  });
}

/** Path segments and query values of every kind, as a client could put them in a URL. */
const anySegment = fc.oneof(
  // Ids of 2^31 and more, and NUL ('%00' on the wire): PostgreSQL refuses both where SQLite does not.
  anyId.map(String),
  fc.string({ minLength: 1 }),
  fc.integer().map(String),
  fc.bigInt().map(String),
  fc.double().map(String),
  fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', ' 7', 'NaN', 'Infinity', '2147483648', '99999999999999999999999', '1e308', '-0', '%00', '\u0000', '7\u0000', '..'),
);

const TABLES = ['accounts', 'account_balances', 'entities', 'transactions', 'transaction_splits'] as const;

describe(`ledger bad input on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let ownUserId: number;
  let ownBookId: number;
  let otherToken: string;
  const own: Record<IdKind, number> = { account: 0, transaction: 0, entity: 0 };
  const others: Record<IdKind, number> = { account: 0, transaction: 0, entity: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    ({ token, userId: ownUserId, bookId: ownBookId } = await registerUser(t.app, 'ledger-fuzz@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'ledger-other@example.com'));
    for (const [who, ids] of [[token, own], [otherToken, others]] as const) {
      ids.account = await createAccount(t.app, who);
      ids.entity = await createEntity(t.app, who, ids.account);
      const subcategories = await subcategoryIds(t.app, who);
      ids.transaction = await createTransaction(t.app, who, ids.account, {
        amount: 30,
        entity_id: ids.entity,
        emotion_names: ['positive'],
        subcategories: [
          { id: subcategories.Groceries, amount: 20 },
          { id: subcategories['Dining Out'], amount: 10 },
        ],
      });
    }
  });
  afterAll(() => t?.close());

  const counts = () => rowCounts(t.database.db, TABLES);

  const TABLE_OF: Record<IdKind, 'accounts' | 'transactions' | 'entities'> = { account: 'accounts', transaction: 'transactions', entity: 'entities' };

  function urlFor(route: Route, ids: Record<IdKind, number | string>): string {
    return route.url.replace(/:(account|transaction|entity)\b/, (_, kind: IdKind) => encodeURIComponent(String(ids[kind])));
  }

  const send = (method: Method, url: string, body?: RawBody, as = token) => sendRaw(t.app, as, method, url, body);

  /** A refused request (any 4xx) must leave every ledger table exactly as it was. */
  async function expectNothingChangedIfRefused(response: LightMyRequestResponse, before: Record<string, number>, context: string) {
    if (response.statusCode >= 400) expect(await counts(), `${context} → ${response.statusCode} changed rows`).toEqual(before);
  }

  describe('generated bodies (fast-check)', () => {
    it.each(BODY_ROUTES)('$method $url never answers 5xx, explains every 4xx and changes nothing when it refuses', async (route) => {
      // Deleting with any body aims at another user's row, so the fixtures survive every run.
      const ids = route.method === 'DELETE' ? others : own;
      const bodies = fc.oneof(
        { weight: 3, arbitrary: bodiesFor(route, LEDGER_VALUES) },
        { weight: 1, arbitrary: literalBodies(route) },
      );
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const before = await counts();
          const response = await send(route.method, urlFor(route, ids), body);
          const context = `${route.method} ${route.url} ${body.contentType} ${body.payload.slice(0, 300)}`;
          expectClearAnswer(response, context);
          if (route.method === 'DELETE') expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
          await expectNothingChangedIfRefused(response, before, context);
        }),
        { numRuns: RUNS },
      );
    });

    it('answers 1e999 (Infinity once parsed) and -0 amounts with a 422 naming the amount', async () => {
      for (const literal of ['1e999', '-1e999', '-0']) {
        const before = await counts();
        const response = await send('POST', `/api/accounts/${own.account}/transactions`, {
          payload: `{"type":"expense","date":"2026-11-10","amount":${literal}}`,
          contentType: 'application/json',
        });
        expect(response.statusCode, literal).toBe(422);
        expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors), literal).toEqual(['amount']);
        expect(await counts()).toEqual(before);
      }
    });

    it('refuses a split over 20,000 sub-categories with a 422 on subcategories', async () => {
      const lines = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, amount: 0.01 }));
      const response = await send('POST', `/api/accounts/${own.account}/transactions`, jsonBody({ ...VALID_TRANSACTION, amount: 200, subcategories: lines }));
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.subcategories).toEqual([
        'A transaction can be split over at most 20 sub-categories.',
      ]);
    });

    it.each([
      ['entity_id', { entity_id: 2 ** 31 }],
      ['entity_id', { entity_id: 1e20 }],
      ['subcategories', { subcategories: [{ id: 2 ** 31 }] }],
      ['subcategories', { subcategories: [{ id: 9_007_199_254_740_991 }] }],
    ])('refuses a %s beyond any id with a 422 and saves nothing (%j)', async (field, change) => {
      const before = await counts();
      const response = await send('POST', `/api/accounts/${own.account}/transactions`, jsonBody({ ...VALID_TRANSACTION, ...change }));
      expectClearAnswer(response, JSON.stringify(change));
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)[0]).toMatch(new RegExp(`^${field}`));
      expect(await counts()).toEqual(before);
    });

    it('refuses an account type beyond any id with a 422 naming it', async () => {
      const before = await counts();
      const response = await send('POST', '/api/accounts', jsonBody({ ...VALID_ACCOUNT, account_type_id: 2 ** 40 }));
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['account_type_id']);
      expect(await counts()).toEqual(before);
    });
  });

  describe('generated ids and query strings (fast-check)', () => {
    it.each(ID_ROUTES)('$method $url answers any id that is not one of the user\'s with a clear 4xx', async (route) => {
      const kind = idKindOf(route)!;
      await fc.assert(
        fc.asyncProperty(anySegment, async (segment) => {
          fc.pre(!(await namesOwnRow(t.database.db, TABLE_OF[kind], { userId: ownUserId, bookId: ownBookId }, segment)));
          const before = await counts();
          const url = urlFor(route, { ...own, [kind]: segment });
          const response = await send(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : jsonBody(route.valid ?? {}));
          expectClearAnswer(response, `${route.method} ${url}`);
          expect(response.statusCode, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
          await expectNothingChangedIfRefused(response, before, url);
        }),
        { numRuns: RUNS },
      );
    });

    it.each(MONTH_ROUTES)('$method $url answers any month and year with a 200 or a clear 4xx', async (route) => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(anySegment, fc.integer({ min: 1, max: 12 }).map(String)), fc.oneof(anySegment, fc.integer({ min: 1800, max: 2300 }).map(String)), async (month, year) => {
          const url = urlFor(route, own).replace('/month/11/year/2026', `/month/${encodeURIComponent(month)}/year/${encodeURIComponent(year)}`);
          const response = await send('GET', url);
          expectClearAnswer(response, url);
        }),
        { numRuns: RUNS },
      );
    });

    it('answers any query string of GET /api/transactions/search with a 200 list or a clear 4xx', async () => {
      const value = fc.oneof(anyText, anySegment, fc.constantFrom('%', '_', '\\', "'; drop table transactions; --", 'Fred', `${2 ** 31}`));
      const params = fc.dictionary(fc.oneof(fc.constantFrom('query', 'account_id', 'month', 'year'), fc.string({ maxLength: 6 })), fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })), { maxKeys: 5 });
      await fc.assert(
        fc.asyncProperty(params, async (record) => {
          const query = Object.entries(record)
            .flatMap(([key, values]) => (Array.isArray(values) ? values : [values]).map((v) => `${encodeURIComponent(key)}=${encodeURIComponent(v)}`))
            .join('&');
          const url = `/api/transactions/search?${query}`;
          const response = await send('GET', url);
          expectClearAnswer(response, url);
          if (response.statusCode === 200) {
            for (const transaction of response.json<Array<{ account_id: number }>>()) expect(transaction.account_id).toBe(own.account);
          }
        }),
        { numRuns: RUNS * 2 },
      );
    });
  });

  describe("another user's ids", () => {
    it.each(ID_ROUTES)('$method $url answers 404 for another user\'s id and changes nothing', async (route) => {
      const kind = idKindOf(route)!;
      const before = await counts();
      const url = urlFor(route, { ...own, [kind]: others[kind] });
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : jsonBody(route.valid ?? {});
      const response = await send(route.method, url, body);
      expect(response.statusCode, `${route.method} ${url} → ${response.body}`).toBe(404);
      expectClearAnswer(response, url);
      expect(await counts()).toEqual(before);
    });

    it("answers a search within another user's account with 404", async () => {
      const response = await send('GET', `/api/transactions/search?query=fred&account_id=${others.account}`);
      expect(response.statusCode).toBe(404);
      expectClearAnswer(response, 'search');
    });

    it('refuses a transaction that names another user\'s payee with a 422 and saves nothing', async () => {
      const before = await counts();
      const response = await send('POST', `/api/accounts/${own.account}/transactions`, jsonBody({ ...VALID_TRANSACTION, entity_id: others.entity }));
      expect(response.statusCode).toBe(422);
      expect(await counts()).toEqual(before);
    });
  });

  it("still holds both users' fixtures afterwards: no fuzzed request deleted or changed them", async () => {
    for (const [who, ids] of [[token, own], [otherToken, others]] as const) {
      const account = await send('GET', `/api/accounts/${ids.account}`, undefined, who);
      expect(account.statusCode).toBe(200);
      const transaction = await send('GET', `/api/transactions/${ids.transaction}`, undefined, who);
      expect(transaction.statusCode).toBe(200);
      if (who === otherToken) expect(transaction.json<{ amount: number }>().amount).toBe(30);
    }
  });
});
