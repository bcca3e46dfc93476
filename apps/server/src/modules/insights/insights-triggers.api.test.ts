import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

/** Regretted Saturdays on the card, content Tuesdays on the debit card; pay on 30 Sep, 30 Oct and 13 Nov. */
const SATURDAYS = ['2026-10-24', '2026-10-31', '2026-11-07', '2026-11-14', '2026-11-21', '2026-11-28'];
const TUESDAYS = ['2026-10-06', '2026-10-13', '2026-10-20', '2026-10-27', '2026-11-03', '2026-11-10', '2026-11-17'];

describe(`what triggers regret, insights API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-30T12:00:00Z');
    ({ token } = await registerUser(t.app, 'triggers@example.com'));
    const checking = await createAccount(t.app, token);
    const add = (payload: Record<string, unknown>) => createTransaction(t.app, token, checking, payload);
    for (const date of ['2026-09-30', '2026-10-30', '2026-11-13']) await add({ type: 'income', date, amount: 2000 });
    for (const date of SATURDAYS) await add({ date, amount: 60, payment_method: 'credit_card', emotion_names: ['negative'] });
    for (const date of TUESDAYS) {
      await add({ date, amount: 5, payment_method: 'debit_card', emotion_names: ['positive'] });
      await add({ date, amount: 5, payment_method: 'debit_card', emotion_names: ['neutral'] });
    }
    // Without a feeling: counts nowhere in the triggers.
    await add({ date: '2026-11-02', amount: 500, payment_method: 'cash' });

    // Another person regrets every Monday: none of it may reach the first person's figures.
    const other = (await registerUser(t.app, 'triggers-other@example.com')).token;
    const theirs = await createAccount(t.app, other);
    for (let i = 0; i < 25; i += 1) {
      await createTransaction(t.app, other, theirs, { date: '2026-11-16', amount: 300, payment_method: 'cash', emotion_names: ['negative'] });
    }
  });
  afterAll(() => t.close());

  const triggers = async (query: string) => {
    const response = await asUser(t.app, token, { method: 'GET', url: `/api/insights${query}` });
    expect(response.statusCode).toBe(200);
    return response.json().triggers;
  };

  it('shows the weekday pattern, and the payment method and amount band behind it', async () => {
    const body = await triggers('?from=2026-10&to=2026-11');
    expect(body.weekday).toEqual({
      enough: true,
      feelings: 20,
      groups: [
        { key: 'tue', label: 'Tuesday', feelings: 14, regretted: 0, rate: 0 },
        { key: 'sat', label: 'Saturday', feelings: 6, regretted: 6, rate: 100 },
      ],
    });
    expect(body.payment_method.groups).toEqual([
      { key: 'credit_card', label: 'Credit Card', feelings: 6, regretted: 6, rate: 100 },
      { key: 'debit_card', label: 'Debit Card', feelings: 14, regretted: 0, rate: 0 },
    ]);
    expect(body.amount_band.groups.map((g: { key: string; rate: number }) => [g.key, g.rate])).toEqual([
      ['under_10', 0],
      ['50_200', 100],
    ]);
  });

  it('counts days since the last income across month ends and from pay before the range', async () => {
    const body = await triggers('?from=2026-10&to=2026-11');
    // 24 Oct is 24 days after the 30 September pay, which lies before the range: 15 days or more.
    // 0–3 days holds only two feelings (31 Oct, 14 Nov), too few to list.
    expect(body.days_since_income).toEqual({
      enough: true,
      feelings: 20,
      groups: [
        { key: '4_7', label: '4 to 7 days after income', feelings: 6, regretted: 0, rate: 0 },
        { key: '8_14', label: '8 to 14 days after income', feelings: 6, regretted: 2, rate: 33.3 },
        { key: '15_plus', label: '15 days or more after income', feelings: 6, regretted: 2, rate: 33.3 },
      ],
    });
  });

  it('says how many feelings there are when a range has too few', async () => {
    const body = await triggers('?from=2026-11&to=2026-11');
    for (const dimension of ['weekday', 'days_since_income', 'payment_method', 'amount_band']) {
      expect(body[dimension]).toEqual({ enough: false, feelings: 10, needed: 20 });
    }
  });
});
