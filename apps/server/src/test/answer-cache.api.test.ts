/**
 * Reused answers are never stale: the ledger month, the budgets month and insights come from the
 * answer cache, and every kind of write — through a route, or straight into the database as
 * another server process would — shows in the very next read. Also: ETag revalidation and gzip.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction, subcategoryIds } from './ledger-fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from './test-app';

type Json = Record<string, unknown>;
interface LedgerRow {
  id: number;
  amount: number;
  payee: string | null;
  subcategories: Array<{ name: string }>;
}

describe(`answer cache on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let bookId: number;
  let otherToken: string;
  let accountId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token, bookId } = await registerUser(t.app, 'cache@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'cache-other@example.com'));
    accountId = await createAccount(t.app, token);
    ids = await subcategoryIds(t.app, token);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Json,
    headers?: Record<string, string>,
  ) => asUser(t.app, token, { method, url, ...(payload && { payload }), ...(headers && { headers }) });
  const ledgerUrl = () => `/api/accounts/${accountId}/transactions/month/11/year/2026`;
  const ledger = async () => (await call('GET', ledgerUrl())).json<LedgerRow[]>();
  const revision = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('books')
          .select('data_revision')
          .where('id', '=', bookId)
          .executeTakeFirstOrThrow()
      ).data_revision,
    );

  it('answers a repeated read with the same JSON and ETag, 304 to If-None-Match and brotli or gzip to a browser', async () => {
    for (let i = 0; i < 30; i += 1)
      await createTransaction(t.app, token, accountId, { amount: 10 + i, description: `Row ${i}` });
    const first = await call('GET', ledgerUrl());
    const second = await call('GET', ledgerUrl());
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);

    const revalidated = await call('GET', ledgerUrl(), undefined, {
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const brotli = await call('GET', ledgerUrl(), undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    expect(brotli.rawPayload.length).toBeLessThan(first.rawPayload.length / 4);

    const gzipped = await call('GET', ledgerUrl(), undefined, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);

    const padded = await call('GET', ledgerUrl().replace('/month/11/', '/month/011/'));
    expect(padded.headers.etag).toBe(first.headers.etag);

    const refused = await call('GET', ledgerUrl(), undefined, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(first.body);
  });

  it('shows each write through the API in the next read of the ledger month', async () => {
    const before = await ledger();
    const entity = await createEntity(t.app, token, accountId, 'Corner Bakery');
    const created = await createTransaction(t.app, token, accountId, {
      amount: 7.25,
      entity_id: entity,
      subcategories: [{ id: ids.Groceries }],
    });
    expect((await ledger()).length).toBe(before.length + 1);

    await call('PATCH', `/api/transactions/${created}`, {
      type: 'expense',
      amount: 8.5,
      date: '2026-11-10',
      entity_id: entity,
    });
    expect((await ledger()).find((row) => row.id === created)?.amount).toBe(8.5);

    await call('PUT', `/api/transactions/entities/${entity}`, { name: 'Corner Bakery & Cafe' });
    expect((await ledger()).find((row) => row.id === created)?.payee).toBe('Corner Bakery & Cafe');

    await call('DELETE', `/api/transactions/${created}`);
    expect((await ledger()).some((row) => row.id === created)).toBe(false);
  });

  it('shows a write another process made straight into the database (the triggers bump the revision)', async () => {
    const [row] = await ledger();
    const start = await revision();
    await t.database.db
      .updateTable('transactions')
      .set({ amount_cents: 123_456 })
      .where('id', '=', row!.id)
      .execute();
    expect(await revision()).toBeGreaterThan(start);
    expect((await ledger()).find((r) => r.id === row!.id)?.amount).toBe(1234.56);

    await t.database.db
      .insertInto('transaction_splits')
      .values({
        book_id: bookId,
        transaction_id: row!.id,
        subcategory_id: ids.Electric!,
        amount_cents: 123_456,
      })
      .execute();
    expect((await ledger()).find((r) => r.id === row!.id)?.subcategories.map((s) => s.name)).toEqual([
      'Electric',
    ]);

    const afterInsert = await revision();
    await t.database.db.deleteFrom('transaction_splits').where('transaction_id', '=', row!.id).execute();
    expect(await revision()).toBeGreaterThan(afterInsert);
    expect((await ledger()).find((r) => r.id === row!.id)?.subcategories).toEqual([]);
  });

  it("bumps only the writing user's revision, so other users keep their reused answers", async () => {
    const mine = await revision();
    const otherAccount = await createAccount(t.app, otherToken);
    await createTransaction(t.app, otherToken, otherAccount, { amount: 5 });
    expect(await revision()).toBe(mine);
  });

  it('shows budget changes in the next budgets month, and a new day turns an unpaid bill Past due', async () => {
    const month = async () =>
      (await call('GET', '/api/budgets/month/11/year/2026')).json<{
        budgets: Array<{ id: number; status: string; month_amount: number }>;
      }>();
    const created = await call('POST', '/api/budgets', {
      transaction_subcategory_id: ids.Internet,
      due_in_full: 1,
      amount: 60,
      repeat_start: '2026-11-01',
      start_day: 16,
    });
    const budgetId = created.json<{ id: number }>().id;
    expect((await month()).budgets.find((b) => b.id === budgetId)).toMatchObject({
      status: 'Due soon',
      month_amount: 60,
    });

    await call('PATCH', `/api/budgets/${budgetId}`, { amount: 75, date: '11/2026' });
    expect((await month()).budgets.find((b) => b.id === budgetId)?.month_amount).toBe(75);

    t.clock.set('2026-11-17T12:00:00Z');
    expect((await month()).budgets.find((b) => b.id === budgetId)?.status).toBe('Past due');
    t.clock.set('2026-11-15T12:00:00Z');
  });

  it('shows a new expense in the next insights answer', async () => {
    const insights = async () =>
      (await call('GET', '/api/insights?from=2026-11&to=2026-11')).json<{ totals: { spent: number } }>();
    const before = (await insights()).totals.spent;
    await createTransaction(t.app, token, accountId, { amount: 40, emotion_names: ['negative'] });
    expect((await insights()).totals.spent).toBeCloseTo(before + 40, 2);
  });

  it("answers another user's account 404 even while that month is cached for its owner", async () => {
    await call('GET', ledgerUrl());
    const response = await asUser(t.app, otherToken, { method: 'GET', url: ledgerUrl() });
    expect(response.statusCode).toBe(404);
  });

  it('keeps the revision counter in step when a user is deleted with all their rows', async () => {
    const { token: leaving, userId: leavingId, bookId: leavingBook } = await registerUser(t.app, 'cache-leaving@example.com');
    const account = await createAccount(t.app, leaving);
    await createTransaction(t.app, leaving, account, { amount: 3 });
    const deleted = await asUser(t.app, leaving, { method: 'DELETE', url: `/api/users/${leavingId}`, payload: { current_password: STRONG_PASSWORD } });
    expect(deleted.statusCode).toBeLessThan(300);
    const left = await sql<{
      n: number | string;
    }>`select count(*) as n from transactions where book_id = ${leavingBook}`.execute(t.database.db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
