/** Bank sync and transfers (issue 15, docs/DECISIONS.md #48): synced pairs are suggested, and a bank's withdrawal or correction of one side ends the transfer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePlaid, type FakePlaidTransaction, bankLinkTo } from '../../test/fake-plaid';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const tx = (id: string, account: string, amount: number, date: string): FakePlaidTransaction => ({
  transaction_id: id,
  account_id: account,
  amount,
  date,
  name: `TRANSFER ${id.toUpperCase()}`,
  merchant_name: null,
  pending: false,
});

interface Suggestion {
  amount: number;
  from: { transaction_id: number; account_name: string };
  to: { transaction_id: number; account_name: string };
}

describe(`transfers from bank sync on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakePlaid;
  let token: string;
  let bookId: number;

  beforeAll(async () => {
    fake = await FakePlaid.start();
    t = await createTestApp({}, { bankLink: bankLinkTo(fake) });
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token, bookId } = await registerUser(t.app, 'sync-transfers@example.com'));
    const linked = await asUser(t.app, token, { method: 'POST', url: '/api/institutions', payload: { public_token: 'public-sandbox-1', institution_name: 'Chase' } });
    expect(linked.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) => asUser(t.app, token, { method, url, ...(payload && { payload }) });
  const sync = async () => expect((await call('POST', '/api/transactions/import', {})).statusCode).toBe(200);
  const acceptAll = async () => {
    const suggestions = (await call('GET', '/api/transfer-suggestions')).json<Suggestion[]>();
    for (const s of suggestions) {
      const accepted = await call('POST', '/api/transfer-suggestions/accept', { from_transaction_id: s.from.transaction_id, to_transaction_id: s.to.transaction_id });
      expect(accepted.statusCode).toBe(201);
    }
    return suggestions;
  };
  const transferIdOf = async (importKey: string) =>
    (await t.database.db.selectFrom('transactions').select('transfer_id').where('book_id', '=', bookId).where('import_key', '=', importKey).executeTakeFirstOrThrow()).transfer_id;

  it('suggests a card payment synced from both accounts, and ends it when the bank withdraws one side', async () => {
    fake.pushChanges({ added: [tx('pay-card', 'acc-checking', 300, '2026-11-10'), tx('card-paid', 'acc-card', -300, '2026-11-11')] });
    await sync();
    const accepted = await acceptAll();
    expect(accepted.map((s) => [s.amount, s.from.account_name, s.to.account_name])).toEqual([[300, 'Chase Checking ••0000', 'Chase Credit Card ••3333']]);
    expect(await transferIdOf('plaid:pay-card')).toEqual(expect.any(Number));

    fake.pushChanges({ removed: ['card-paid'] });
    await sync();
    expect(await transferIdOf('plaid:pay-card')).toBeNull();
    expect(await t.database.db.selectFrom('transfers').select('id').where('book_id', '=', bookId).execute()).toEqual([]);
  });

  it('ends a transfer when the bank corrects the amount of one side, and offers nothing for the unequal pair', async () => {
    fake.pushChanges({ added: [tx('save-out', 'acc-checking', 50, '2026-11-12'), tx('save-in', 'acc-savings', -50, '2026-11-12')] });
    await sync();
    expect(await acceptAll()).toHaveLength(1);
    fake.pushChanges({ modified: [tx('save-in', 'acc-savings', -55, '2026-11-12')] });
    await sync();
    expect(await transferIdOf('plaid:save-out')).toBeNull();
    expect(await transferIdOf('plaid:save-in')).toBeNull();
    const left = (await call('GET', '/api/transfer-suggestions')).json<Suggestion[]>();
    expect(left.filter((s) => s.amount === 50 || s.amount === 55)).toEqual([]);
  });
});
