import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe, cardError } from '../../test/fake-stripe';
import { paidRegistration, register } from '../../test/fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp } from '../../test/test-app';
import { PAYMENT_UNREACHABLE_CANCEL, PAYMENT_UNREACHABLE_CHARGE } from './billing.service';
import { StripePaymentProvider } from './stripe-provider';

const stripeDown = () => ({
  status: 500,
  body: { error: { type: 'api_error', message: 'Something went wrong.' } },
});

describe(`paid plan through Stripe on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    const payments = new StripePaymentProvider({
      secretKey: 'sk_test_fake',
      priceId: 'price_fake',
      apiBase: fake.url,
    });
    t = await createTestApp({}, { payments });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  async function userCount(email: string): Promise<number> {
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    return rows.length;
  }

  /** Signs up on the paid plan through the fake Stripe; the token, the user id and the Stripe subscription id. */
  async function paidUser(email: string) {
    const response = await register(t.app, paidRegistration(email));
    expect(response.statusCode).toBe(201);
    const { api_token: token, user } = response.json<{ api_token: string; user: { id: number } }>();
    const row = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { token, userId: user.id, row };
  }

  it('signs up on the paid plan, recording the Stripe customer and subscription', async () => {
    const { token, userId, row } = await paidUser('stripe-paid@example.com');

    expect(fake.requests.map((request) => request.path)).toEqual([
      '/v1/payment_methods',
      '/v1/customers',
      '/v1/subscriptions',
    ]);
    expect(row).toMatchObject({
      provider: 'stripe',
      provider_ref: 'sub_fake3',
      card_last4: '4242',
      amount_cents: 999,
    });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.stripe_id).toBe('cus_fake2');
    const subscription = await asUser(t.app, token, { method: 'GET', url: '/api/subscription' });
    expect(subscription.json()).toMatchObject({
      plan: 'budget_master',
      card_last4: '4242',
      status: 'active',
    });
  });

  it("shows Stripe's decline on card_number and creates no user", async () => {
    fake.handler = ({ path }) =>
      path === '/v1/subscriptions' ? cardError('Your card has insufficient funds.') : undefined;
    const email = 'stripe-declined@example.com';

    const response = await register(t.app, paidRegistration(email));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Your card has insufficient funds.',
      errors: { card_number: ['Your card has insufficient funds.'] },
    });
    expect(await userCount(email)).toBe(0);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/customers/cus_fake2' });
  });

  it('answers 503 with a sentence, not a 500, when Stripe fails, and creates no user', async () => {
    fake.handler = stripeDown;
    const email = 'stripe-down@example.com';

    const response = await register(t.app, paidRegistration(email));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: PAYMENT_UNREACHABLE_CHARGE });
    expect(await userCount(email)).toBe(0);
  });

  it('cancels at the end of the period at Stripe, and keeps the plan when Stripe cannot be reached', async () => {
    const { token, row } = await paidUser('stripe-cancel@example.com');
    fake.reset();

    fake.handler = stripeDown;
    const refused = await asUser(t.app, token, { method: 'DELETE', url: '/api/subscription' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: PAYMENT_UNREACHABLE_CANCEL });
    const unchanged = await asUser(t.app, token, { method: 'GET', url: '/api/subscription' });
    expect(unchanged.json()).toMatchObject({ cancel_at_period_end: false });

    fake.reset();
    const cancel = await asUser(t.app, token, { method: 'DELETE', url: '/api/subscription' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ cancel_at_period_end: true });
    expect(fake.requests).toMatchObject([
      {
        method: 'POST',
        path: `/v1/subscriptions/${row.provider_ref}`,
        form: { cancel_at_period_end: 'true' },
      },
    ]);
  });

  it('keeps the account when Stripe cannot stop the renewal before deletion', async () => {
    const email = 'stripe-leaving@example.com';
    const { token, userId } = await paidUser(email);
    fake.handler = stripeDown;

    const deletion = await asUser(t.app, token, { method: 'DELETE', url: `/api/users/${userId}`, payload: { current_password: STRONG_PASSWORD } });
    expect(deletion.statusCode).toBe(503);
    expect(await userCount(email)).toBe(1);

    fake.reset();
    expect((await asUser(t.app, token, { method: 'DELETE', url: `/api/users/${userId}`, payload: { current_password: STRONG_PASSWORD } })).statusCode).toBe(
      204,
    );
    expect(await userCount(email)).toBe(0);
  });
});
