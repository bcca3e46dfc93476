/**
 * Rules written and applied from two server processes at once (PostgreSQL; on SQLite one process
 * races itself): an apply racing the rule's removal either applies to every matching transaction
 * or answers 404 having changed none, and rules added at once keep distinct places in the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const ROUNDS = 6;
const MATCHING = 40;

describe(`racing rules on ${TEST_DB}`, () => {
  let t: TestApp;
  let second: TestApp;
  let token: string;
  let bookId: number;
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    ({ token, bookId } = await registerUser(t.app, 'rules-race@example.com'));
    accountId = await createAccount(t.app, token);
    for (let i = 0; i < MATCHING; i += 1) await createTransaction(t.app, token, accountId, { description: `COFFEE ROASTERS ${i}`, amount: 4 + i });
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
  });

  const call = (app: TestApp, method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    asUser(app.app, token, { method, url: `/api${url}`, ...(payload && { payload }) });
  const withPurpose = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('transactions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('book_id', '=', bookId)
          .where('purpose', '=', 'culture')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`applies fully or not at all when apply races delete, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await t.database.db.updateTable('transactions').set({ purpose: null }).where('book_id', '=', bookId).execute();
      const created = await call(t, 'POST', '/rules', { conditions: [{ field: 'payee', op: 'contains', value: 'coffee roasters' }], actions: { purpose: 'culture' } });
      const ruleId = created.json<{ id: number }>().id;
      // Alternate which process deletes, and whether the delete is sent first.
      const [deleter, applier] = round % 2 === 0 ? [t, second] : [second, t];
      const requests = [
        () => call(applier, 'POST', `/rules/${ruleId}/apply`),
        () => call(deleter, 'DELETE', `/rules/${ruleId}`),
        () => call(deleter, 'POST', `/rules/${ruleId}/apply`),
      ];
      const [apply, remove, applyAgain] = await Promise.all(round % 3 === 0 ? requests.map((send) => send()) : requests.reverse().map((send) => send()).reverse());
      expect(remove?.statusCode).toBe(204);
      const applies = [apply, applyAgain].map((answer) => ({ status: answer?.statusCode, body: answer?.json<{ updated?: number }>() }));
      for (const answer of applies) expect([200, 404]).toContain(answer.status);
      const updated = applies.reduce((sum, answer) => sum + (answer.status === 200 ? (answer.body?.updated ?? 0) : 0), 0);
      const changed = await withPurpose();
      // Every apply that ran saw all 40 rows; the first to commit changed them, a later one none.
      expect(changed === 0 || changed === MATCHING, `round ${round}: ${changed} rows changed`).toBe(true);
      expect(updated).toBe(changed);
    }
  });

  it('gives rules added at once from both processes distinct places in order', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(index % 2 === 0 ? t : second, 'POST', '/rules', { conditions: [{ field: 'payee', op: 'equals', value: `shop ${index}` }], actions: { purpose: 'optional' } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const rows = await t.database.db.selectFrom('rules').select('position').where('book_id', '=', bookId).execute();
    expect(new Set(rows.map((row) => row.position)).size).toBe(rows.length);
  });
});
