import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePlaid, type FakePlaidTransaction, bankLinkTo } from '../../test/fake-plaid';
import { subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const tx = (id: string, amount: number, name: string): FakePlaidTransaction => ({
  transaction_id: id,
  account_id: 'acc-checking',
  amount,
  date: '2026-11-10',
  name,
  merchant_name: null,
  pending: false,
});

describe(`rules on a bank sync on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakePlaid;
  let token: string;

  beforeAll(async () => {
    fake = await FakePlaid.start();
    t = await createTestApp({}, { bankLink: bankLinkTo(fake) });
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'rules-plaid@example.com'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("sets the rule's sub-category, feeling, purpose and notes on synced rows before history and keywords", async () => {
    const ids = await subcategoryIds(t.app, token);
    const rule = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/rules',
      payload: {
        conditions: [{ field: 'payee', op: 'contains', value: 'ziggy' }],
        actions: { subcategory_id: ids['Online Shopping'], feeling: 'positive', purpose: 'culture', notes: 'bike parts' },
      },
    });
    expect(rule.statusCode).toBe(201);
    fake.pushChanges({ added: [tx('bike', 30, 'ZIGGYS BIKE SHOP'), tx('fuel', 40, 'SHELL OIL 57442')] });
    const linked = await asUser(t.app, token, { method: 'POST', url: '/api/institutions', payload: { public_token: 'public-sandbox-1', institution_name: 'Chase' } });
    expect(linked.statusCode).toBe(201);

    const rows = await t.database.db
      .selectFrom('transactions as t')
      .leftJoin('transaction_splits as s', 's.transaction_id', 't.id')
      .select(['t.import_key', 't.emotion', 't.purpose', 't.notes', 's.subcategory_id'])
      .where('t.import_key', 'like', 'plaid:%')
      .orderBy('t.import_key')
      .execute();
    expect(rows).toEqual([
      { import_key: 'plaid:bike', emotion: 'positive', purpose: 'culture', notes: 'bike parts', subcategory_id: ids['Online Shopping'] },
      // No rule matches: the keyword table still categorizes it.
      { import_key: 'plaid:fuel', emotion: null, purpose: null, notes: null, subcategory_id: ids.Fuel },
    ]);
  });
});
