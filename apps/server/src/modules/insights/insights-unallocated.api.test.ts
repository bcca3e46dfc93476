/**
 * Categories in insights when a split no longer adds up: a bank corrected the amount of a split
 * expense and left its lines for the person to rebalance (institutions.repo.ts `adjustSplits`).
 * Spending by category still adds up to the range's spending, the unallocated part counting as
 * uncategorized, and no line shows a negative amount (docs/DECISIONS.md #69).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Line = { id: number | null; name: string; spent: number; regretted: number };

describe(`insights with a split that no longer adds up on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let splitId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token } = await registerUser(t.app, 'unallocated@example.com'));
    const account = await createAccount(t.app, token);
    const ids = await subcategoryIds(t.app, token);
    splitId = await createTransaction(t.app, token, account, {
      date: '2026-11-03',
      amount: 100,
      emotion_names: ['negative'],
      subcategories: [{ id: ids.Groceries, amount: 60 }, { id: ids['Household Supplies'], amount: 40 }],
    });
  });
  afterAll(() => t.close());

  /** What a bank's correction of the amount does to a split expense: the amount moves, the lines stay. */
  const correctAmount = (cents: number) =>
    t.database.db.updateTable('transactions').set({ amount_cents: cents }).where('id', '=', splitId).execute();
  const byCategory = async () =>
    (await asUser(t.app, token, { method: 'GET', url: '/api/insights?from=2026-11&to=2026-11' })).json<{
      totals: { spent: number };
      regret: { by_category: Line[] };
    }>();

  it('counts the part the lines leave out as uncategorized', async () => {
    await correctAmount(12_500);
    const body = await byCategory();
    expect(body.totals.spent).toBe(125);
    expect(body.regret.by_category.map(({ name, spent, regretted }) => [name, spent, regretted])).toEqual([
      ['Food', 60, 60],
      ['Shopping', 40, 40],
      ['Uncategorized', 25, 25],
    ]);
  });

  it('shows no negative line when the lines add up to more than the amount', async () => {
    await correctAmount(8_000);
    const body = await byCategory();
    expect(body.totals.spent).toBe(80);
    expect(body.regret.by_category.every((line) => line.spent >= 0 && line.regretted >= 0)).toBe(true);
    expect(body.regret.by_category.map((line) => line.name)).not.toContain('Uncategorized');
  });
});
