/** Transfer suggestions after imports (issue 15, docs/DECISIONS.md #48): listed, accepted, dismissed, raced. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_CARD, createAccount, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

interface Suggestion {
  amount: number;
  from: { transaction_id: number; account_name: string; date: string };
  to: { transaction_id: number; account_name: string; date: string };
}

describe(`transfer suggestions on ${TEST_DB}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
  });
  afterAll(() => t.close());

  /** A user with a checking account and a card, a statement imported into each. */
  async function userWithStatements(email: string, checkingCsv: string, cardCsv: string) {
    const { token, bookId } = await registerUser(t.app, email);
    const checking = await createAccount(t.app, token, { name: 'Checking' });
    const card = await createAccount(t.app, token, {
      name: 'Visa',
      account_type_id: CREDIT_CARD,
      most_recent_balance: { current_balance: -300, date: '2026-11-01', limit: 5000 },
    });
    for (const [account, csv] of [[checking, checkingCsv], [card, cardCsv]] as const) {
      // A card statement of one positive row asks which way it goes: here, a payment in.
      const { job } = await uploadStatement(t.app, token, account, csv, undefined, undefined, { confirm: 'month-first,negative-is-expense' });
      expect(job?.status).toBe('completed');
    }
    const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, as = token) =>
      asUser(t.app, as, { method, url, ...(payload && { payload }) });
    const rowsOf = async (table: 'transfers' | 'transfer_dismissals') =>
      (await t.database.db.selectFrom(table).select('id').where('book_id', '=', bookId).execute()).length;
    return { token, checking, card, call, rowsOf };
  }

  const CHECKING_CSV = ['Date,Description,Amount', '11/03/2026,ONLINE PAYMENT VISA,-500.00', '11/04/2026,CORNER SHOP,-12.00', '11/01/2026,PAYROLL ACME,2000.00'].join('\n');
  const CARD_CSV = ['Date,Description,Amount', '11/05/2026,PAYMENT THANK YOU,500.00', '11/06/2026,COFFEE,-4.50'].join('\n');

  it('suggests the payment seen from both accounts, and accepting makes them the legs of one transfer', async () => {
    const { call, checking, card } = await userWithStatements('suggest-accept@example.com', CHECKING_CSV, CARD_CSV);
    const listed = await call('GET', '/api/transfer-suggestions');
    expect(listed.statusCode).toBe(200);
    const suggestions = listed.json<Suggestion[]>();
    expect(suggestions).toEqual([
      {
        amount: 500,
        from: expect.objectContaining({ account_id: checking, account_name: 'Checking', date: '2026-11-03' }),
        to: expect.objectContaining({ account_id: card, account_name: 'Visa', date: '2026-11-05' }),
      },
    ]);
    const [suggestion] = suggestions;
    if (!suggestion) throw new Error('no suggestion');
    const pair = { from_transaction_id: suggestion.from.transaction_id, to_transaction_id: suggestion.to.transaction_id };
    const accepted = await call('POST', '/api/transfer-suggestions/accept', pair);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ ...pair, from_account_id: checking, to_account_id: card, amount: 500 });
    expect((await call('GET', '/api/transfer-suggestions')).json()).toEqual([]);

    const leg = (await call('GET', `/api/transactions/${pair.from_transaction_id}`)).json();
    expect(leg).toMatchObject({ transfer_id: accepted.json<{ id: number }>().id, transfer_account: { id: card, name: 'Visa' }, subcategories: [], emotion_names: [] });
    const summary = (await call('GET', '/api/accounts/month/11/year/2026')).json<Array<{ id: number; month_summary: { income: number; expenses: number } }>>();
    expect(summary.find((a) => a.id === checking)?.month_summary).toMatchObject({ income: 2000, expenses: 12 });
    expect(summary.find((a) => a.id === card)?.month_summary).toMatchObject({ income: 0, expenses: 4.5 });

    const again = await call('POST', '/api/transfer-suggestions/accept', pair);
    expect(again.statusCode).toBe(422);
    expect(again.json<{ message: string }>().message).toBe('One of these transactions is already part of a transfer.');
  });

  it('remembers a dismissed pair and never suggests it again', async () => {
    const { call, rowsOf } = await userWithStatements('suggest-dismiss@example.com', CHECKING_CSV, CARD_CSV);
    const [suggestion] = (await call('GET', '/api/transfer-suggestions')).json<Suggestion[]>();
    if (!suggestion) throw new Error('no suggestion');
    const pair = { from_transaction_id: suggestion.from.transaction_id, to_transaction_id: suggestion.to.transaction_id };
    expect((await call('POST', '/api/transfer-suggestions/dismiss', pair)).statusCode).toBe(204);
    expect((await call('POST', '/api/transfer-suggestions/dismiss', pair)).statusCode).toBe(204);
    expect((await call('GET', '/api/transfer-suggestions')).json()).toEqual([]);
    expect(await rowsOf('transfers')).toBe(0);
    expect(await rowsOf('transfer_dismissals')).toBe(1);
  });

  it('suggests nothing four days apart, for the same account, or between rows typed by hand', async () => {
    const far = ['Date,Description,Amount', '11/09/2026,PAYMENT THANK YOU,500.00'].join('\n');
    const { call, token, checking, card } = await userWithStatements('suggest-none@example.com', CHECKING_CSV, far);
    expect((await call('GET', '/api/transfer-suggestions')).json()).toEqual([]);
    await createTransaction(t.app, token, checking, { type: 'expense', amount: 75, date: '2026-11-12' });
    await createTransaction(t.app, token, card, { type: 'income', amount: 75, date: '2026-11-12' });
    expect((await call('GET', '/api/transfer-suggestions')).json()).toEqual([]);
  });

  it("answers 404 for another user's transactions, 422 for a pair that cannot be a transfer or a bad body, and writes nothing", async () => {
    const mine = await userWithStatements('suggest-mine@example.com', CHECKING_CSV, CARD_CSV);
    const theirs = await userWithStatements('suggest-theirs@example.com', CHECKING_CSV, CARD_CSV);
    const [suggestion] = (await mine.call('GET', '/api/transfer-suggestions')).json<Suggestion[]>();
    if (!suggestion) throw new Error('no suggestion');
    const pair = { from_transaction_id: suggestion.from.transaction_id, to_transaction_id: suggestion.to.transaction_id };
    for (const url of ['/api/transfer-suggestions/accept', '/api/transfer-suggestions/dismiss']) {
      expect((await theirs.call('POST', url, pair)).statusCode).toBe(404);
      expect((await mine.call('POST', url, { ...pair, to_transaction_id: 2 ** 31 - 1 })).statusCode).toBe(404);
      expect((await mine.call('POST', url, { from_transaction_id: pair.from_transaction_id })).statusCode).toBe(422);
      expect((await mine.call('POST', url, { ...pair, to_transaction_id: pair.from_transaction_id })).statusCode).toBe(422);
      expect((await mine.call('POST', url, { ...pair, from_transaction_id: 'one' })).statusCode).toBe(422);
    }
    // The wrong way round: the income cannot be the side money leaves.
    const reversed = await mine.call('POST', '/api/transfer-suggestions/accept', { from_transaction_id: pair.to_transaction_id, to_transaction_id: pair.from_transaction_id });
    expect(reversed.statusCode).toBe(422);
    expect(await mine.rowsOf('transfers')).toBe(0);
    expect(await mine.rowsOf('transfer_dismissals')).toBe(0);
    expect((await mine.call('GET', '/api/transfer-suggestions')).json()).toHaveLength(1);
  });

  it('makes one transfer when the same suggestion is accepted six times at once from two server processes', async () => {
    const second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    try {
      const { token, call } = await userWithStatements('suggest-race@example.com', CHECKING_CSV, CARD_CSV);
      const [suggestion] = (await call('GET', '/api/transfer-suggestions')).json<Suggestion[]>();
      if (!suggestion) throw new Error('no suggestion');
      const pair = { from_transaction_id: suggestion.from.transaction_id, to_transaction_id: suggestion.to.transaction_id };
      const answers = await Promise.all(
        [t, second, t, second, t, second].map((app) => asUser(app.app, token, { method: 'POST', url: '/api/transfer-suggestions/accept', payload: pair })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
      const transfers = await t.database.db
        .selectFrom('transfers')
        .select('id')
        .where('from_transaction_id', '=', pair.from_transaction_id)
        .execute();
      expect(transfers).toHaveLength(1);
    } finally {
      if (second !== t) await second.close();
    }
  });

  it('stores one dismissal when the same pair is dismissed four times at once from two server processes', async () => {
    const second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    try {
      const { token, call, rowsOf } = await userWithStatements('dismiss-race@example.com', CHECKING_CSV, CARD_CSV);
      const [suggestion] = (await call('GET', '/api/transfer-suggestions')).json<Suggestion[]>();
      if (!suggestion) throw new Error('no suggestion');
      const pair = { from_transaction_id: suggestion.from.transaction_id, to_transaction_id: suggestion.to.transaction_id };
      const answers = await Promise.all(
        [t, second, t, second].map((app) => asUser(app.app, token, { method: 'POST', url: '/api/transfer-suggestions/dismiss', payload: pair })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204]);
      expect(await rowsOf('transfer_dismissals')).toBe(1);
    } finally {
      if (second !== t) await second.close();
    }
  });

  it('removes a transfer once when it is deleted and patched at once from two server processes', async () => {
    const second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    try {
      const { token, checking, card } = await userWithStatements('transfer-race@example.com', 'Date,Description,Amount', 'Date,Description,Amount');
      const created = await asUser(t.app, token, {
        method: 'POST',
        url: '/api/transfers',
        payload: { from_account_id: checking, to_account_id: card, amount: 60, date: '2026-11-10' },
      });
      const { id } = created.json<{ id: number }>();
      const requests = [t, second, t, second].map((app, index) =>
        asUser(app.app, token, index % 2 === 0
          ? { method: 'DELETE', url: `/api/transfers/${id}` }
          : { method: 'PATCH', url: `/api/transfers/${id}`, payload: { amount: 61 + index } }),
      );
      const statuses = (await Promise.all(requests)).map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 204)).toHaveLength(1);
      expect(statuses.every((status) => [200, 204, 404].includes(status))).toBe(true);
      const legs = await t.database.db.selectFrom('transactions').select('id').where('transfer_id', '=', id).execute();
      expect(legs).toHaveLength(0);
    } finally {
      if (second !== t) await second.close();
    }
  });
});
