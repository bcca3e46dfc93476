/**
 * The paid plan with Stripe configured (DECISIONS.md #10, #30): the browser tokenizes the card with
 * Stripe.js and sends only `stripe_token`; this server refuses card fields, and subscribes the
 * PaymentMethod at Stripe (the stand-in of its API in test/fake-stripe.ts).
 */
import { MESSAGES } from '@mindspend/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe, STRIPE_DECLINED_CARD, STRIPE_TEST_PUBLISHABLE_KEY } from '../../test/fake-stripe';
import { type ErrorBody, GOOD_CARD, futureExpiry, login, paidRegistration, register } from '../../test/fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { PAYMENT_UNREACHABLE_CANCEL, PAYMENT_UNREACHABLE_CHARGE } from './billing.service';
import { CARD_TOKEN_MISSING } from './card-entry';
import { RAW_CARD_REFUSED, StripePaymentProvider } from './stripe-provider';

const stripeDown = () => ({
  status: 500,
  body: { error: { type: 'api_error', message: 'Something went wrong.' } },
});

/** A paid sign-up as the Stripe-mode page sends it: the holder's name and postal code, and the token. */
function tokenRegistration(email: string, token: string, overrides: Record<string, unknown> = {}) {
  const { card_number: _number, card_csc: _csc, card_expiration: _expiry, ...rest } = paidRegistration(email);
  return { ...rest, stripe_token: token, ...overrides };
}

const holder = { first_name: 'Grace', last_name: 'Hopper', postal: '94105' };

describe(`paid plan through Stripe on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakeStripe;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await FakeStripe.start();
    const payments = new StripePaymentProvider({
      secretKey: 'sk_test_fake',
      publishableKey: STRIPE_TEST_PUBLISHABLE_KEY,
      priceId: 'price_fake',
      apiBase: fake.url,
      jsUrl: fake.jsUrl,
    });
    // The most detailed log there is: whatever the app writes, a card number must not be in it.
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { payments, logStream: { write: (line) => void logLines.push(line) } });
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

  /** Signs up on the paid plan with a card tokenized as Stripe.js does; the token, user id and subscription row. */
  async function paidUser(email: string) {
    const response = await register(t.app, tokenRegistration(email, await fake.tokenize(GOOD_CARD)));
    expect(response.statusCode).toBe(201);
    const { api_token: token, user } = response.json<{ api_token: string; user: { id: number } }>();
    const row = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { token, userId: user.id, row };
  }

  it('tells the browser to load Stripe.js with the publishable key, and nothing secret', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'stripe', publishable_key: STRIPE_TEST_PUBLISHABLE_KEY, js_url: fake.jsUrl });
    expect(response.body).not.toContain('sk_test_fake');
  });

  it("allows exactly Stripe.js's origin and Stripe's API in the Content-Security-Policy", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const origin = new URL(fake.url).origin;
    expect(csp).toContain(`script-src 'self' ${origin};`);
    expect(csp).toContain(`frame-src ${origin};`);
    expect(csp).toContain(`connect-src 'self' ${origin};`);
    expect(csp).not.toContain('stripe.com');
  });

  it('signs up on the paid plan with a token, recording the Stripe customer and subscription', async () => {
    const { token, userId, row } = await paidUser('stripe-paid@example.com');

    expect(fake.serverRequests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_methods/pm_fake1',
      'POST /v1/customers',
      'POST /v1/subscriptions',
    ]);
    expect(row).toMatchObject({ provider: 'stripe', provider_ref: 'sub_fake3', card_last4: '4242', amount_cents: 999 });
    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.stripe_id).toBe('cus_fake2');
    const subscription = await asUser(t.app, token, { method: 'GET', url: '/api/subscription' });
    expect(subscription.json()).toMatchObject({ plan: 'budget_master', card_last4: '4242', status: 'active' });
  });

  describe('card fields are refused before anything is checked, written or charged', () => {
    it.each([
      ['card_number', { card_number: GOOD_CARD }],
      ['card_number', { card_number: '4242 4242 4242 4242' }],
      ['card_csc', { card_csc: '123' }],
      ['card_expiration', { card_expiration: futureExpiry() }],
    ])('refuses a sign-up carrying %s (%j) with 422', async (field, cardField) => {
      const email = `raw-${field}@example.com`;
      const response = await register(t.app, tokenRegistration(email, await fake.tokenize(GOOD_CARD), cardField));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: RAW_CARD_REFUSED, errors: { [field]: [RAW_CARD_REFUSED] } });
      expect(await userCount(email)).toBe(0);
      expect(fake.serverRequests).toEqual([]);
    });

    it("refuses today's whole card form, even with a bad number, naming every card field", async () => {
      const email = 'raw-form@example.com';
      const response = await register(t.app, paidRegistration(email, { card_number: '1234' }));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({
        card_number: [RAW_CARD_REFUSED],
        card_csc: [RAW_CARD_REFUSED],
        card_expiration: [RAW_CARD_REFUSED],
      });
      expect(await userCount(email)).toBe(0);
      expect(fake.requests).toEqual([]);
    });

    it('refuses an upgrade carrying card fields, leaving the plan free', async () => {
      const { token } = await registerUser(t.app, 'raw-upgrade@example.com');
      const response = await asUser(t.app, token, {
        method: 'POST',
        url: '/api/subscription',
        payload: { ...holder, card_number: GOOD_CARD, card_csc: '999', card_expiration: futureExpiry() },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().message).toBe(RAW_CARD_REFUSED);
      expect(fake.requests).toEqual([]);
      expect((await asUser(t.app, token, { method: 'GET', url: '/api/subscription' })).json().plan).toBe('free');
    });
  });

  it('asks for the card when a paid sign-up has neither a token nor a promo code', async () => {
    const { stripe_token: _token, ...withoutToken } = tokenRegistration('no-token@example.com', 'pm_x');
    const response = await register(t.app, withoutToken);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: CARD_TOKEN_MISSING, errors: { card: [CARD_TOKEN_MISSING] } });
    expect(await userCount('no-token@example.com')).toBe(0);
  });

  it('leaves a body that is not an object to validation, which says what to send', async () => {
    const { token } = await registerUser(t.app, 'array-upgrade@example.com');
    const response = await asUser(t.app, token, { method: 'POST', url: '/api/subscription', payload: [GOOD_CARD] });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().message).not.toBe(CARD_TOKEN_MISSING);
    expect(fake.requests).toEqual([]);
  });

  it('refuses a token that is not a PaymentMethod id, and one Stripe does not know, creating no user', async () => {
    const malformed = await register(t.app, tokenRegistration('bad-token@example.com', 'tok_visa'));
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json<ErrorBody>().errors).toEqual({ stripe_token: [MESSAGES.cardTokenInvalid] });

    const unknown = await register(t.app, tokenRegistration('bad-token@example.com', 'pm_never_made'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ErrorBody>().errors?.card_number?.[0]).toMatch(/could not be found/);
    expect(await userCount('bad-token@example.com')).toBe(0);
  });

  it('still signs up with a promo code and no card', async () => {
    const response = await register(t.app, {
      plan: 'budget_master',
      promo: true,
      code: 'WELCOME100',
      email: 'stripe-promo@example.com',
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    expect(fake.requests).toEqual([]);
  });

  it("shows Stripe's decline of its declined test card on card_number, creates no user, and lets the address sign up after", async () => {
    const email = 'stripe-declined@example.com';
    const response = await register(t.app, tokenRegistration(email, await fake.tokenize(STRIPE_DECLINED_CARD)));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Your card was declined.',
      errors: { card_number: ['Your card was declined.'] },
    });
    expect(await userCount(email)).toBe(0);
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/customers/cus_fake2' });

    const retry = await register(t.app, tokenRegistration(email, await fake.tokenize(GOOD_CARD)));
    expect(retry.statusCode).toBe(201);
  });

  it('upgrades a free user with a token, and answers a declined one with the card message', async () => {
    const { token: declinedUser } = await registerUser(t.app, 'stripe-upgrade-declined@example.com');
    const declined = await asUser(t.app, declinedUser, {
      method: 'POST',
      url: '/api/subscription',
      payload: { ...holder, stripe_token: await fake.tokenize(STRIPE_DECLINED_CARD) },
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json<ErrorBody>().errors).toEqual({ card_number: ['Your card was declined.'] });
    expect((await asUser(t.app, declinedUser, { method: 'GET', url: '/api/subscription' })).json().plan).toBe('free');

    fake.reset();
    const { token } = await registerUser(t.app, 'stripe-upgrade@example.com');
    const upgrade = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/subscription',
      payload: { ...holder, stripe_token: await fake.tokenize(GOOD_CARD) },
    });
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json()).toMatchObject({ plan: 'budget_master', amount: 9.99, card_last4: '4242' });
    expect(fake.serverRequests.find((request) => request.path === '/v1/customers')?.form).toMatchObject({
      email: 'stripe-upgrade@example.com',
      name: 'Grace Hopper',
      payment_method: 'pm_fake1',
    });
  });

  it('answers 503 with a sentence, not a 500, when Stripe fails, and creates no user', async () => {
    const stripeToken = await fake.tokenize(GOOD_CARD);
    fake.handler = stripeDown;
    const email = 'stripe-down@example.com';

    const response = await register(t.app, tokenRegistration(email, stripeToken));
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
      { method: 'POST', path: `/v1/subscriptions/${row.provider_ref}`, form: { cancel_at_period_end: 'true' } },
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

  // Runs last: every test above sent card numbers the wrong way or tokenized them the right way.
  it('never wrote a card number or the secret key to the log, whole or grouped', () => {
    const log = logLines.join('');
    expect(log).toContain('card fields refused');
    for (const number of [GOOD_CARD, '4242 4242 4242 4242', STRIPE_DECLINED_CARD]) expect(log).not.toContain(number);
    expect(log).not.toContain('sk_test_fake');
  });
});
