import { MESSAGES } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECLINED_CARD,
  type ErrorBody,
  GOOD_CARD,
  futureExpiry,
  login,
  paidRegistration,
  register,
} from '../../test/fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import {
  type CardEntry,
  LocalPaymentProvider,
  type PaymentDetails,
  type PaymentProvider,
  TOKEN_WITHOUT_STRIPE,
} from './payment-provider';

/** The local provider, remembering which subscriptions it started and which were told to stop renewing. */
class RecordingProvider implements PaymentProvider {
  readonly name = 'local';
  readonly cardEntry: CardEntry = { kind: 'own-fields' };
  readonly subscribed: string[] = [];
  readonly cancelled: string[] = [];
  /** Runs while the card is being charged (a test stages a race there). */
  duringCharge: (() => Promise<unknown>) | null = null;
  private readonly local = new LocalPaymentProvider();
  async subscribe(card: PaymentDetails) {
    const result = await this.local.subscribe(card);
    await this.duringCharge?.();
    this.subscribed.push(result.subscriptionRef);
    return result;
  }
  async cancel(subscriptionRef: string): Promise<void> {
    this.cancelled.push(subscriptionRef);
  }
}

describe(`billing API on ${TEST_DB}`, () => {
  let t: TestApp;
  const provider = new RecordingProvider();
  beforeAll(async () => {
    t = await createTestApp({}, { payments: provider });
  });
  afterAll(() => t?.close());

  async function userCount(email: string): Promise<number> {
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    return rows.length;
  }

  describe('paid-plan sign-up validation (card, no promo)', () => {
    it.each([
      ['first_name', { first_name: 'A' }, MESSAGES.firstNameInvalid, 'First name invalid.'],
      ['last_name', { last_name: ' ' }, MESSAGES.lastNameInvalid, 'Last name invalid.'],
      ['card_number', { card_number: '4242424242424241' }, MESSAGES.cardNumberInvalid, 'Card number invalid.'],
      ['card_number', { card_number: 'abcd' }, MESSAGES.cardNumberInvalid, 'Card number invalid.'],
      ['card_csc', { card_csc: '12' }, MESSAGES.cardCscInvalid, 'Security code must be 3 or 4 digits.'],
      ['card_csc', { card_csc: '12345' }, MESSAGES.cardCscInvalid, 'Security code must be 3 or 4 digits.'],
      ['card_csc', { card_csc: '12a' }, MESSAGES.cardCscInvalid, 'Security code must be 3 or 4 digits.'],
      ['card_expiration', { card_expiration: '01/20' }, MESSAGES.cardExpirationInvalid, 'Expiration date must be MM/YY and not in the past.'],
      ['card_expiration', { card_expiration: '13/40' }, MESSAGES.cardExpirationInvalid, 'Expiration date must be MM/YY and not in the past.'],
      ['card_expiration', { card_expiration: '1240' }, MESSAGES.cardExpirationInvalid, 'Expiration date must be MM/YY and not in the past.'],
      ['postal', { postal: '1234' }, MESSAGES.postalInvalid, 'Postal code must be at least 5 characters.'],
    ])('refuses a bad %s (%j) with its message and creates no user', async (field, override, message, literal) => {
      expect(message).toBe(literal);
      const email = `bad-${field}@example.com`;
      const response = await register(t.app, paidRegistration(email, override));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
      expect(await userCount(email)).toBe(0);
    });

    it('lists every card field that is missing at once', async () => {
      const response = await register(t.app, {
        plan: 'budget_master',
        email: 'empty-card@example.com',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<ErrorBody>().errors ?? {}).sort()).toEqual(
        ['card_csc', 'card_expiration', 'card_number', 'first_name', 'last_name', 'postal'].sort(),
      );
    });

    it('accepts the current month as expiry and a 4-digit CSC', async () => {
      const now = new Date();
      const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
      const response = await register(t.app, paidRegistration('this-month@example.com', { card_expiration: thisMonth, card_csc: '1234' }));
      expect(response.statusCode).toBe(201);
    });
  });

  it('signs up on the paid plan with a valid test card and shows the subscription', async () => {
    const email = 'paid@example.com';
    const response = await register(t.app, paidRegistration(email, { card_number: '4242 4242 4242 4242' }));
    expect(response.statusCode).toBe(201);
    const { api_token: token, user } = response.json<{ api_token: string; user: Record<string, unknown> }>();
    expect(user).toMatchObject({ email, plan: 'budget_master', is_paid: true, first_name: 'Ada', last_name: 'Lovelace' });
    expect(user.stripe_id).toEqual(expect.any(String));

    const subscription = await asUser(t.app, token, { method: 'GET', url: '/api/subscription' });
    expect(subscription.statusCode).toBe(200);
    const body = subscription.json<{ renews_at: string }>();
    expect(body).toMatchObject({
      plan: 'budget_master',
      label: 'Transaction Imports',
      amount: 9.99,
      status: 'active',
      card_last4: '4242',
      promo_code: null,
      cancel_at_period_end: false,
    });
    const renews = new Date(body.renews_at).getTime() - t.clock.now().getTime();
    expect(renews / 86_400_000).toBeGreaterThanOrEqual(28);
    expect(renews / 86_400_000).toBeLessThanOrEqual(31);
    // The card number is never stored, only its last four digits.
    const row = await t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', Number(user.id)).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(GOOD_CARD);
  });

  it('signs up on the paid plan with the promo code WELCOME100 and no card', async () => {
    const response = await register(t.app, {
      plan: 'budget_master',
      promo: true,
      code: ' welcome100 ',
      email: 'promo@example.com',
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const { api_token: token, user } = response.json<{ api_token: string; user: { is_paid: boolean } }>();
    expect(user.is_paid).toBe(true);
    const subscription = await asUser(t.app, token, { method: 'GET', url: '/api/subscription' });
    expect(subscription.json()).toMatchObject({
      plan: 'budget_master',
      amount: 0,
      promo_code: 'WELCOME100',
      card_last4: null,
      renews_at: expect.any(String),
    });
  });

  it('refuses an unknown promo code and a missing one, creating no user', async () => {
    const base = { plan: 'budget_master', promo: true, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD };
    const unknown = await register(t.app, { ...base, email: 'badpromo@example.com', code: 'FREESTUFF' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ErrorBody>().errors).toEqual({ code: [MESSAGES.promoCodeInvalid] });
    const missing = await register(t.app, { ...base, email: 'badpromo@example.com' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ErrorBody>().errors).toEqual({ code: ['The code field is required.'] });
    expect(await userCount('badpromo@example.com')).toBe(0);
  });

  it('refuses the declined test card on card_number, creates no user, and lets the address sign up after', async () => {
    const email = 'declined@example.com';
    const declined = await register(t.app, paidRegistration(email, { card_number: DECLINED_CARD }));
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toEqual({ message: 'Your card was declined.', errors: { card_number: ['Your card was declined.'] } });
    expect(await userCount(email)).toBe(0);
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(401);

    const retry = await register(t.app, paidRegistration(email));
    expect(retry.statusCode).toBe(201);
    expect(retry.json().user.is_paid).toBe(true);
  });

  it('tells the browser to show its own card fields, with no Stripe configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'local' });
  });

  it('adds no card provider to the strict Content-Security-Policy', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('frame-src');
    expect(csp).not.toContain('stripe');
  });

  it('refuses a card token without Stripe, creating no user and charging nothing', async () => {
    const email = 'token-without-stripe@example.com';
    const chargesBefore = provider.subscribed.length;
    const response = await register(t.app, paidRegistration(email, { stripe_token: 'pm_fake1' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: TOKEN_WITHOUT_STRIPE, errors: { stripe_token: [TOKEN_WITHOUT_STRIPE] } });
    expect(await userCount(email)).toBe(0);
    expect(provider.subscribed.length).toBe(chargesBefore);
  });

  it('shows the free plan to a free user', async () => {
    const { token } = await registerUser(t.app, 'free@example.com');
    const response = await asUser(t.app, token, { method: 'GET', url: '/api/subscription' });
    expect(response.json()).toEqual({
      plan: 'free',
      label: 'Manual Entry',
      amount: 0,
      status: 'active',
      card_last4: null,
      promo_code: null,
      renews_at: null,
      ends_at: null,
      cancel_at_period_end: false,
    });
  });

  it('upgrades a free user with a card, refuses a second upgrade, and cancels at the end of the term', async () => {
    const { token } = await registerUser(t.app, 'upgrade@example.com');
    const card = { first_name: 'Grace', last_name: 'Hopper', card_number: GOOD_CARD, card_csc: '999', card_expiration: futureExpiry(), postal: '94105' };
    const upgrade = await asUser(t.app, token, { method: 'POST', url: '/api/subscription', payload: card });
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json()).toMatchObject({ plan: 'budget_master', amount: 9.99, card_last4: '4242' });
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).json().user.is_paid).toBe(true);

    const twice = await asUser(t.app, token, { method: 'POST', url: '/api/subscription', payload: card });
    expect(twice.statusCode).toBe(422);
    expect(twice.json<ErrorBody>().errors?.plan).toHaveLength(1);

    const cancel = await asUser(t.app, token, { method: 'DELETE', url: '/api/subscription' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ plan: 'budget_master', cancel_at_period_end: true, renews_at: null, ends_at: expect.any(String) });

    t.clock.advanceMinutes(32 * 24 * 60);
    const lapsed = await asUser(t.app, token, { method: 'GET', url: '/api/subscription' });
    expect(lapsed.json()).toMatchObject({ plan: 'free', amount: 0 });
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).json().user.is_paid).toBe(false);
  });

  it('charges the card once when two upgrades are sent at once, from two server processes', async () => {
    const other = TEST_DB === 'postgres' ? await createTestApp({}, { payments: provider, shareDatabaseWith: t }) : t;
    try {
      const { token, userId } = await registerUser(t.app, 'double-click@example.com');
      const card = { first_name: 'Ada', last_name: 'Lovelace', card_number: GOOD_CARD, card_csc: '123', card_expiration: futureExpiry(), postal: '94105' };
      const chargesBefore = provider.subscribed.length;
      const answers = await Promise.all(
        [t, other, t, other].map((app) => asUser(app.app, token, { method: 'POST', url: '/api/subscription', payload: card })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422, 422]);
      expect(provider.subscribed.length - chargesBefore).toBe(1);
      const rows = await t.database.db.selectFrom('subscriptions').select('provider_ref').where('user_id', '=', userId).execute();
      expect(rows.map((row) => row.provider_ref)).toEqual([provider.subscribed.at(-1)]);
    } finally {
      if (other !== t) await other.close();
    }
  });

  it('stops the card renewal at the provider when a paid user deletes the account', async () => {
    const response = await register(t.app, paidRegistration('leaving@example.com'));
    const { api_token: token, user } = response.json<{ api_token: string; user: { id: number } }>();
    const row = await t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(provider.cancelled).not.toContain(row.provider_ref);

    const deletion = await asUser(t.app, token, { method: 'DELETE', url: `/api/users/${user.id}`, payload: { current_password: STRONG_PASSWORD } });
    expect(deletion.statusCode).toBe(204);
    expect(provider.cancelled).toContain(row.provider_ref);
  });

  it('tells the provider once when a plan is cancelled and the account deleted after', async () => {
    const response = await register(t.app, paidRegistration('cancel-then-leave@example.com'));
    const { api_token: token, user } = response.json<{ api_token: string; user: { id: number } }>();
    const row = await t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await asUser(t.app, token, { method: 'DELETE', url: '/api/subscription' });
    await asUser(t.app, token, { method: 'DELETE', url: `/api/users/${user.id}`, payload: { current_password: STRONG_PASSWORD } });
    expect(provider.cancelled.filter((ref) => ref === row.provider_ref)).toHaveLength(1);
  });

  it('refuses to cancel when there is no paid plan', async () => {
    const { token } = await registerUser(t.app, 'nocancel@example.com');
    const response = await asUser(t.app, token, { method: 'DELETE', url: '/api/subscription' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('You have no paid plan to cancel.');
  });

  it('applies the card rules to an upgrade too', async () => {
    const { token } = await registerUser(t.app, 'badupgrade@example.com');
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/subscription',
      payload: { first_name: 'Grace', last_name: 'Hopper', card_number: GOOD_CARD, card_csc: '999', card_expiration: '01/20', postal: '94105' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ card_expiration: [MESSAGES.cardExpirationInvalid] });
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/subscription' })).json().plan).toBe('free');
  });

  it('stops the renewal of a card charged for a sign-up that lost the race for its address', async () => {
    const email = 'raced@example.com';
    // Another sign-up with the same address completes while this one's card is being charged.
    provider.duringCharge = () => registerUser(t.app, email);
    try {
      const response = await register(t.app, paidRegistration(email));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ email: [MESSAGES.emailTaken] });
    } finally {
      provider.duringCharge = null;
    }
    const charged = provider.subscribed.at(-1);
    expect(provider.cancelled).toContain(charged);
    const winner = await t.database.db.selectFrom('users').select('plan').where('email', '=', email).execute();
    expect(winner).toEqual([{ plan: 'free' }]);
  });
});
