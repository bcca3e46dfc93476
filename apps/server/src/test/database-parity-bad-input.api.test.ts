/**
 * The same bad input gets the same 4xx on PostgreSQL as on SQLite. SQLite stores any integer and
 * any text; PostgreSQL refuses ids beyond its 32-bit `integer` columns and text holding NUL, and
 * its driver's error would be a 500. The contract refuses both before a query runs, so each
 * request below answers a 422 with a sentence a person can read, on either database. The fuzz at
 * the end throws ids of 2^31 and above and text with NUL at the routes of a configured bank
 * provider and at statement uploads, which the other bad-input suites cannot reach.
 */
import { IMPORT_MESSAGES } from '@mindspend/domain';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePlaid, bankLinkTo } from './fake-plaid';
import {
  anyFieldValue,
  anyId,
  anyText,
  expectClearAnswer,
  jsonBody,
  namesOwnRow,
  rowCounts,
  textWithNul,
} from './fuzz';
import { createAccount, subcategoryIds } from './ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from './test-app';
import { multipartBody } from './uploads';

const RUNS = 40;
/** One past the largest value of a PostgreSQL `integer` column. */
const BEYOND_INT4 = 2 ** 31;

interface Case {
  name: string;
  request: () => InjectOptions;
  /** The field the 422 names, and the sentence it says about it. */
  field: string;
  message: string;
}

describe(`the same 4xx on ${TEST_DB} as on the other database`, () => {
  let t: TestApp;
  let fake: FakePlaid;
  let token: string;
  let userId: number;
  let bookId: number;
  let accountId: number;
  let budgetId: number;
  let subcategories: Record<string, number>;

  beforeAll(async () => {
    fake = await FakePlaid.start();
    t = await createTestApp({}, { bankLink: bankLinkTo(fake) });
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token, userId, bookId } = await registerUser(t.app, 'parity@example.com'));
    accountId = await createAccount(t.app, token);
    subcategories = await subcategoryIds(t.app, token);
    const budget = await send({
      method: 'POST',
      url: '/api/budgets',
      payload: {
        transaction_subcategory_id: subcategories.Groceries,
        amount: 300,
        repeat_start: '2026-11-01',
      },
    });
    expect(budget.statusCode, budget.body).toBe(201);
    budgetId = budget.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const send = (options: InjectOptions) => asUser(t.app, token, options);
  const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
  const get = (url: string): InjectOptions => ({ method: 'GET', url });
  const budgetBody = (change: object) => ({
    transaction_subcategory_id: subcategories.Rent,
    amount: 10,
    repeat_start: '2026-11-01',
    ...change,
  });

  /** Upload of a statement named `name` (which may hold NUL) into the user's account. */
  function upload(name: string): InjectOptions {
    const body = multipartBody(
      { account_id: String(accountId) },
      { name, type: 'text/csv', content: 'Date,Description,Amount\n2026-11-02,Coffee,-4.50\n' },
    );
    return { method: 'POST', url: '/api/upload-transactions', headers: body.headers, payload: body.payload };
  }

  const ACCOUNT_UNKNOWN = 'The selected account does not exist.';
  // A budget answers an unknown sub-category, however large its id, as the service does.
  const SUBCATEGORY_UNKNOWN = 'Choose a sub-category for the budget.';
  const INSTITUTION_UNKNOWN = 'The selected institution does not exist.';

  /** The inputs of issue 10 that answered 500 on PostgreSQL, and their neighbours found by the audit. */
  const CASES: Case[] = [
    {
      name: 'link-token for institution 1e15',
      request: () => post('/api/institutions/link-token', { institution_id: 1e15 }),
      field: 'institution_id',
      message: INSTITUTION_UNKNOWN,
    },
    {
      name: 'link-token for institution 2^31',
      request: () => post('/api/institutions/link-token', { institution_id: BEYOND_INT4 }),
      field: 'institution_id',
      message: INSTITUTION_UNKNOWN,
    },
    {
      name: 'link-token for institution 0',
      request: () => post('/api/institutions/link-token', { institution_id: 0 }),
      field: 'institution_id',
      message: INSTITUTION_UNKNOWN,
    },
    {
      name: 'a bank named with NUL',
      request: () =>
        post('/api/institutions', { public_token: 'public-sandbox-1', institution_name: 'Chase\u0000' }),
      field: 'institution_name',
      message: 'The institution name field is invalid.',
    },
    {
      name: 'a public token holding NUL',
      request: () => post('/api/institutions', { public_token: 'public\u0000' }),
      field: 'public_token',
      message: 'The public token field is invalid.',
    },
    {
      name: 'a bank import for user 2^31',
      request: () => post('/api/transactions/import', { user_id: BEYOND_INT4 }),
      field: 'user_id',
      message: 'The selected user does not exist.',
    },
    {
      name: 'a budget for sub-category 2^31',
      request: () => post('/api/budgets', budgetBody({ transaction_subcategory_id: BEYOND_INT4 })),
      field: 'transaction_subcategory_id',
      message: SUBCATEGORY_UNKNOWN,
    },
    {
      name: 'a budget moved to sub-category 2^31',
      request: () => ({
        method: 'PATCH',
        url: `/api/budgets/${budgetId}`,
        payload: { transaction_subcategory_id: BEYOND_INT4 },
      }),
      field: 'transaction_subcategory_id',
      message: SUBCATEGORY_UNKNOWN,
    },
    {
      name: 'a one-off budget repeating every 2^31 months',
      request: () => post('/api/budgets', budgetBody({ is_recurring: 0, repeat_interval: BEYOND_INT4 })),
      field: 'repeat_interval',
      message: 'Repeat every must be a whole number of at least 1.',
    },
    {
      name: 'a one-off budget repeating every 1.5 months',
      request: () => post('/api/budgets', budgetBody({ is_recurring: 0, repeat_interval: 1.5 })),
      field: 'repeat_interval',
      message: 'Repeat every must be a whole number of at least 1.',
    },
    {
      name: 'a one-off budget due on day 2^31',
      request: () => post('/api/budgets', budgetBody({ is_recurring: 0, start_day: BEYOND_INT4 })),
      field: 'start_day',
      message: 'The day of the month must be between 1 and 31.',
    },
    {
      name: 'a budget ending after 2^31 occurrences',
      request: () => ({
        method: 'PATCH',
        url: `/api/budgets/${budgetId}`,
        payload: { is_recurring: 0, ending: 'end_after', repeat_num_occurrences: BEYOND_INT4 },
      }),
      field: 'repeat_num_occurrences',
      message: 'The number of occurrences must be a whole number of at least 1.',
    },
    {
      name: 'a one-off budget with NUL in its repeat unit',
      request: () => post('/api/budgets', budgetBody({ is_recurring: 0, repeat_frequency: 'month\u0000' })),
      field: 'repeat_frequency',
      message: 'The repeat frequency field is invalid.',
    },
    {
      name: 'a one-off budget with NUL in its ending',
      request: () => post('/api/budgets', budgetBody({ is_recurring: 0, ending: '\u0000' })),
      field: 'ending',
      message: 'The ending field is invalid.',
    },
    {
      name: 'a one-off budget with NUL in its end date',
      request: () =>
        post('/api/budgets', budgetBody({ is_recurring: 0, ending: 'end_by', repeat_end: '2026\u0000' })),
      field: 'repeat_end',
      message: 'The repeat end field is invalid.',
    },
    {
      name: 'unbudgeted sub-categories of account 2147483648',
      request: () => get('/api/budgets/unbudgeted/month/11/year/2026?account_id=2147483648'),
      field: 'account_id',
      message: ACCOUNT_UNKNOWN,
    },
    {
      name: 'unbudgeted sub-categories of account 0',
      request: () => get('/api/budgets/unbudgeted/month/11/year/2026?account_id=0'),
      field: 'account_id',
      message: ACCOUNT_UNKNOWN,
    },
    {
      name: 'a budget search for NUL',
      request: () => get('/api/budgets/search?query=%00&month=11&year=2026'),
      field: 'query',
      message: 'The query field is invalid.',
    },
    {
      name: 'a transaction search for NUL',
      request: () => get('/api/transactions/search?query=%00'),
      field: 'query',
      message: 'The query field is invalid.',
    },
    {
      name: 'a transaction search for text holding NUL',
      request: () => get('/api/transactions/search?query=fred%00meyer'),
      field: 'query',
      message: 'The query field is invalid.',
    },
    {
      name: 'a transaction search in account 2147483648',
      request: () => get('/api/transactions/search?query=fred&account_id=2147483648'),
      field: 'account_id',
      message: ACCOUNT_UNKNOWN,
    },
    {
      name: 'insights of account 2147483648',
      request: () => get('/api/insights?account_id=2147483648'),
      field: 'account_id',
      message: ACCOUNT_UNKNOWN,
    },
    {
      name: 'an account of type 2^31',
      request: () =>
        post('/api/accounts', {
          name: 'Big',
          account_type_id: BEYOND_INT4,
          most_recent_balance: { current_balance: 1, date: '2026-11-01' },
        }),
      field: 'account_type_id',
      message: 'The selected account type does not exist.',
    },
    {
      name: 'a goal tracking account 2^31',
      request: () =>
        post('/api/goals', {
          name: 'Trip',
          target_amount: 100,
          target_date: '2027-01-01',
          account_id: BEYOND_INT4,
        }),
      field: 'account_id',
      message: ACCOUNT_UNKNOWN,
    },
    {
      name: 'a path id of 2147483648',
      request: () => get('/api/accounts/2147483648'),
      field: 'id',
      message: `The id must be a whole number from 1 to ${2 ** 31 - 1}.`,
    },
    {
      name: 'a path id of 0',
      request: () => get('/api/budgets/0'),
      field: 'id',
      message: `The id must be a whole number from 1 to ${2 ** 31 - 1}.`,
    },
  ];

  it.each(CASES)(
    'answers $name with a 422 that names the field in a sentence',
    async ({ request, field, message }) => {
      const response = await send(request());
      expectClearAnswer(response, `${request().method} ${request().url}`);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    },
  );

  it('refuses a statement whose file name holds NUL with the invalid-file 422 and queues nothing', async () => {
    const before = await rowCounts(t.database.db, ['import_jobs', 'transactions']);
    for (const name of ['state\u0000ment.csv', '\u0000.csv', 'statement.csv\u0000']) {
      const response = await send(upload(name));
      expectClearAnswer(response, JSON.stringify(name));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({
        message: IMPORT_MESSAGES.invalidFile,
        errors: { file: [IMPORT_MESSAGES.invalidFile] },
      });
    }
    expect(await rowCounts(t.database.db, ['import_jobs', 'transactions'])).toEqual(before);
  });

  it('still accepts the largest id and plain text: only what no database row can hold is refused', async () => {
    const search = await send(get(`/api/transactions/search?query=fred&account_id=${accountId}`));
    expect(search.statusCode, search.body).toBe(200);
    const largest = await send(get(`/api/budgets/unbudgeted/month/11/year/2026?account_id=${2 ** 31 - 1}`));
    expect(largest.statusCode, largest.body).toBe(404);
    const linkToken = await send(post('/api/institutions/link-token', { institution_id: 2 ** 31 - 1 }));
    expect(linkToken.statusCode, linkToken.body).toBe(404);
    const accepted = await send(upload('statement.csv'));
    expect(accepted.statusCode, accepted.body).toBe(202);
    await t.app.imports.idle();
  });

  describe('generated ids and text (fast-check)', () => {
    /** Routes that only a configured bank provider or a multipart body reach. */
    it.each([
      {
        url: '/api/institutions/link-token',
        body: fc.record({ institution_id: fc.oneof(anyId, anyFieldValue) }, { requiredKeys: [] }),
      },
      {
        url: '/api/institutions',
        body: fc.record(
          {
            public_token: fc.oneof(textWithNul, anyText),
            institution_name: fc.oneof(textWithNul, anyText, anyFieldValue),
          },
          { requiredKeys: [] },
        ),
      },
      {
        url: '/api/transactions/import',
        body: fc.record({ user_id: fc.oneof(anyId, anyFieldValue) }, { requiredKeys: [] }),
      },
    ])('POST $url never answers 5xx and explains every 4xx', async ({ url, body }) => {
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const response = await send({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: jsonBody(value).payload,
          });
          expectClearAnswer(response, `${url} ${JSON.stringify(value).slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    });

    it('answers any linked-bank id with a clear 4xx', async () => {
      const segment = fc.oneof(
        anyId.map(String),
        fc.string({ minLength: 1 }),
        fc.constantFrom('\u0000', '1\u0000'),
      );
      await fc.assert(
        fc.asyncProperty(segment, fc.constantFrom('POST', 'DELETE'), async (id, method) => {
          // The fuzz above may have linked banks: their ids answer 2xx, and deleting one is allowed.
          fc.pre(!(await namesOwnRow(t.database.db, 'linked_institutions', { userId, bookId }, id)));
          const url =
            method === 'POST'
              ? `/api/institutions/${encodeURIComponent(id)}/relinked`
              : `/api/institutions/${encodeURIComponent(id)}`;
          const response = await send({ method, url });
          expectClearAnswer(response, `${method} ${url}`);
          expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: RUNS },
      );
    });

    it('answers any statement upload (file name, account field) with 202 or a clear 4xx', async () => {
      const fileName = fc.oneof(
        textWithNul.map((name) => `${name}.csv`),
        anyText.map((name) => `${name}.csv`),
        textWithNul,
      );
      const account = fc.oneof(fc.constant(String(accountId)), anyId.map(String), anyText);
      await fc.assert(
        fc.asyncProperty(fileName, account, async (name, accountField) => {
          // The header is written raw: a quote or line break in the name would only break the test's own framing.
          fc.pre(!/["\r\n]/.test(name) && !/[\r\n]/.test(accountField));
          const body = multipartBody(
            { account_id: accountField },
            { name, type: 'text/csv', content: 'Date,Description,Amount\n2026-11-02,Tea,-3.00\n' },
          );
          const response = await send({
            method: 'POST',
            url: '/api/upload-transactions',
            headers: body.headers,
            payload: body.payload,
          });
          expectClearAnswer(response, `${JSON.stringify(name)} account ${JSON.stringify(accountField)}`);
          // The multipart parser keeps only the part after the last slash, as a browser would send it.
          const kept = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
          if (kept.includes('\u0000')) expect(response.statusCode).toBe(422);
        }),
        { numRuns: RUNS },
      );
      await t.app.imports.idle();
    });

    it('answers any account_id and query of the unbudgeted and search routes with 200 or a clear 4xx', async () => {
      const value = fc.oneof(anyId.map(String), textWithNul, anyText);
      await fc.assert(
        fc.asyncProperty(value, value, async (accountField, query) => {
          for (const url of [
            `/api/budgets/unbudgeted/month/11/year/2026?account_id=${encodeURIComponent(accountField)}`,
            `/api/budgets/search?month=11&year=2026&query=${encodeURIComponent(query)}`,
            `/api/transactions/search?query=${encodeURIComponent(query)}&account_id=${encodeURIComponent(accountField)}`,
          ]) {
            expectClearAnswer(await send(get(url)), url);
          }
        }),
        { numRuns: RUNS },
      );
    });
  });
});
