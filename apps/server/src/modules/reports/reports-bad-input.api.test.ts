/**
 * Bad input never breaks the reports: fast-check sends any month text, range and grouping, and
 * every answer is a 200 or a 4xx with a sentence, never a 500, on SQLite and PostgreSQL alike.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClearAnswer, sendRaw } from '../../test/fuzz';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../../test/test-app';

const RUNS = 40;
const month = fc.oneof(
  fc.constantFrom('2026-11', '2016-12', '1900-01', '2200-12', '2026-13', '2026-00', '2026-1', '', '%00', '2026-11-01'),
  fc.date({ noInvalidDate: true }).map((value) => value.toISOString().slice(0, 7)),
  fc.string({ minLength: 1 }),
);
const group = fc.oneof(fc.constantFrom('category', 'subcategory', 'purpose', 'feeling', 'payee', 'CATEGORY', ''), fc.string());

describe(`reports bad input on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token } = await registerUser(t.app, 'reports-fuzz@example.com'));
    const account = await createAccount(t.app, token);
    await createTransaction(t.app, token, account, { amount: 12.5, date: '2026-11-03', purpose: 'survival' });
  });
  afterAll(() => t.close());

  it('answers any range and grouping with 200 or a clear 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('net-worth', 'cash-flow', 'spending'),
        fc.option(month),
        fc.option(month),
        fc.option(group),
        async (report, from, to, grouping) => {
          const params = new URLSearchParams();
          if (from !== null) params.set('from', from);
          if (to !== null) params.set('to', to);
          if (grouping !== null) params.set('group', grouping);
          const url = `/api/reports/${report}?${params.toString()}`;
          const response = await sendRaw(t.app, token, 'GET', url);
          expectClearAnswer(response, url);
          if (response.statusCode !== 200) expect(response.statusCode, url).toBe(422);
        },
      ),
      { numRuns: RUNS * 3 },
    );
  });
});
