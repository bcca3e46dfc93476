import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`suggested feeling and purpose API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let bar: number;
  let newShop: number;
  let theirPayee: number;
  let sub: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-24T12:00:00Z');
    ({ token } = await registerUser(t.app, 'suggest@example.com'));
    ({ token: other } = await registerUser(t.app, 'suggest-other@example.com'));
    const checking = await createAccount(t.app, token);
    bar = await createEntity(t.app, token, checking, 'Corner Bar');
    newShop = await createEntity(t.app, token, checking, 'New Shop');
    sub = await subcategoryIds(t.app, token);
    const add = (payload: Record<string, unknown>) => createTransaction(t.app, token, checking, payload);
    const drinks = (date: string, feeling: string | null, purpose: string | null) =>
      add({ date, amount: 20, entity_id: bar, emotion_names: feeling ? [feeling] : [], purpose, subcategories: [{ id: sub['Alcohol & Bars'], amount: 20 }] });
    await drinks('2026-11-20', 'negative', 'optional');
    await drinks('2026-10-11', 'negative', 'optional');
    await drinks('2026-09-30', 'negative', null);
    await drinks('2026-08-02', 'positive', 'culture');
    await drinks('2026-07-15', null, null);
    // More than 12 months ago: a habit that no longer counts.
    await drinks('2025-11-23', 'positive', 'culture');
    await drinks('2025-10-01', 'positive', 'culture');
    await drinks('2025-09-01', 'positive', 'culture');
    // Income at the same payee is not a purchase.
    await add({ date: '2026-11-01', amount: 100, type: 'income', entity_id: bar, emotion_names: ['positive'], purpose: 'culture' });
    await add({ date: '2026-11-03', amount: 90, emotion_names: ['neutral'], purpose: 'survival', subcategories: [{ id: sub.Groceries, amount: 90 }] });
    await add({ date: '2026-11-10', amount: 60, emotion_names: ['neutral'], purpose: 'survival', subcategories: [{ id: sub.Groceries, amount: 60 }] });
    const theirs = await createAccount(t.app, other);
    theirPayee = await createEntity(t.app, other, theirs, 'Their Bar');
  });
  afterAll(() => t.close());

  const suggest = (query: string, who = token) => asUser(t.app, who, { method: 'GET', url: `/api/suggestions/feeling${query}` });

  it("suggests the payee's most common feeling and purpose over the last 12 months of expenses", async () => {
    const response = await suggest(`?entity_id=${bar}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ feeling: 'negative', purpose: 'optional', based_on: 4, source: 'payee' });
  });

  it('falls back on the sub-category when the payee has no history, and says so', async () => {
    expect((await suggest(`?entity_id=${newShop}&subcategory_id=${sub.Groceries}`)).json()).toEqual({
      feeling: 'neutral', purpose: 'survival', based_on: 2, source: 'subcategory',
    });
    expect((await suggest(`?entity_id=${bar}&subcategory_id=${sub.Groceries}`)).json()).toMatchObject({ source: 'payee', feeling: 'negative' });
  });

  it('answers null fields when there is no history', async () => {
    expect((await suggest(`?entity_id=${newShop}`)).json()).toEqual({ feeling: null, purpose: null, based_on: 0, source: null });
    expect((await suggest(`?subcategory_id=${sub['Dining Out']}`)).json()).toEqual({ feeling: null, purpose: null, based_on: 0, source: null });
  });

  it("answers 404 for another user's payee or an unknown sub-category, and reads none of the other user's history", async () => {
    expect((await suggest(`?entity_id=${theirPayee}`)).statusCode).toBe(404);
    expect((await suggest(`?entity_id=${bar}`, other)).statusCode).toBe(404);
    expect((await suggest('?subcategory_id=999999')).statusCode).toBe(404);
    expect((await suggest(`?subcategory_id=${sub.Groceries}`, other)).json()).toMatchObject({ based_on: 0 });
  });

  it('refuses a request without a payee or sub-category, or with ids that are not ids', async () => {
    const none = await suggest('');
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: 'Choose a payee or a sub-category to get a suggestion for.' });
    for (const query of ['?entity_id=abc', '?entity_id=-1', '?entity_id=2147483648', '?subcategory_id=1.5']) {
      expect((await suggest(query)).statusCode).toBe(422);
    }
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/suggestions/feeling?entity_id=${bar}` })).statusCode).toBe(401);
  });
});
