/**
 * A transfer into an account sent while that account is deleted, from two server processes at
 * once (PostgreSQL; on SQLite one process races itself). Either order is fine, but the ledger stays
 * whole: no transfer outlives an account of its legs, and no row points at a transfer that is gone
 * (docs/DECISIONS.md #47, #48).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const ROUNDS = 5;

describe(`a transfer racing its account's removal on ${TEST_DB}`, () => {
  let t: TestApp;
  let second: TestApp;
  let token: string;
  let bookId: number;

  beforeAll(async () => {
    t = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    ({ token, bookId } = await registerUser(t.app, 'transfer-account-race@example.com'));
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
  });

  it(`keeps every transfer whole, ${ROUNDS} rounds`, async () => {
    const checking = await createAccount(t.app, token, { name: 'Checking' });
    for (let round = 0; round < ROUNDS; round += 1) {
      const savings = await createAccount(t.app, token, { name: `Savings ${round}` });
      const [sender, remover] = round % 2 === 0 ? [t, second] : [second, t];
      const [transfer, removal] = await Promise.all([
        asUser(sender.app, token, {
          method: 'POST',
          url: '/api/transfers',
          payload: { from_account_id: checking, to_account_id: savings, amount: 25 + round, date: '2026-11-10', notes: '' },
        }),
        asUser(remover.app, token, { method: 'DELETE', url: `/api/accounts/${savings}` }),
      ]);
      expect(removal.statusCode).toBe(204);
      // Sent after the removal the transfer finds no account (404); sent before, it was made.
      expect([201, 404]).toContain(transfer.statusCode);
    }

    const db = t.database.db;
    const transfers = await db.selectFrom('transfers').select('id').where('book_id', '=', bookId).execute();
    const linked = await db.selectFrom('transactions').select('id').where('book_id', '=', bookId).where('transfer_id', 'is not', null).execute();
    // Every savings account is gone, so no transfer can remain, and a leg left in checking is an
    // ordinary row again.
    expect(transfers).toEqual([]);
    expect(linked).toEqual([]);
  });
});
