import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe, STRIPE_DECLINED_CARD, STRIPE_TEST_PUBLISHABLE_KEY, cardError } from '../../test/fake-stripe';
import { type CardDetails, PaymentDeclined, type TokenizedCard } from './payment-provider';
import { RAW_CARD_REFUSED, StripePaymentProvider, UNKNOWN_PAYMENT_METHOD } from './stripe-provider';

const SECRET = 'sk_test_fake';
const PRICE = 'price_fake_999';
const payer = { firstName: 'Ada', lastName: 'Lovelace', postal: '10001', email: 'ada@example.com' };

describe('StripePaymentProvider against a fake Stripe', () => {
  let fake: FakeStripe;
  let provider: StripePaymentProvider;
  /** The card as the browser hands it over: a PaymentMethod id Stripe.js made (pm_fake1). */
  let card: TokenizedCard;
  const warnings: { details: object; message: string }[] = [];

  beforeAll(async () => {
    fake = await FakeStripe.start();
    provider = new StripePaymentProvider({
      secretKey: SECRET,
      publishableKey: STRIPE_TEST_PUBLISHABLE_KEY,
      priceId: PRICE,
      apiBase: fake.url,
      timeoutMs: 500,
      logger: { warn: (details, message) => warnings.push({ details, message }) },
    });
  });
  afterAll(() => fake?.close());
  beforeEach(async () => {
    fake.reset();
    warnings.length = 0;
    card = { ...payer, token: await fake.tokenize('4242424242424242') };
  });

  /** The calls this server made (the tokenization above was the browser's, with the publishable key). */
  const calls = () => fake.serverRequests.map((request) => `${request.method} ${request.path}`);

  it('tells the browser to use Stripe.js with the publishable key, at Stripe unless told otherwise', () => {
    expect(provider.cardEntry).toEqual({
      kind: 'stripe-elements',
      publishableKey: STRIPE_TEST_PUBLISHABLE_KEY,
      jsUrl: 'https://js.stripe.com/clover/stripe.js',
      apiUrl: fake.url,
    });
  });

  it('reads the PaymentMethod, attaches it to a new customer, subscribes it, and maps the result', async () => {
    const result = await provider.subscribe(card, 999);

    expect(card.token).toBe('pm_fake1');
    expect(calls()).toEqual(['GET /v1/payment_methods/pm_fake1', 'POST /v1/customers', 'POST /v1/subscriptions']);
    const [, customer, subscription] = fake.serverRequests;
    expect(customer?.form).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      payment_method: 'pm_fake1',
      'invoice_settings[default_payment_method]': 'pm_fake1',
      'address[postal_code]': '10001',
    });
    expect(subscription?.form).toEqual({
      customer: 'cus_fake2',
      'items[0][price]': PRICE,
      payment_behavior: 'error_if_incomplete',
    });
    expect(result).toEqual({ customerRef: 'cus_fake2', subscriptionRef: 'sub_fake3', cardLast4: '4242' });
    expect(provider.name).toBe('stripe');
  });

  it('never forwards card fields: it refuses them without calling Stripe', async () => {
    const raw: CardDetails = { ...payer, number: '4242 4242 4242 4242', csc: '123', expiration: '12/30' };
    await expect(provider.subscribe(raw, 999)).rejects.toThrow(RAW_CARD_REFUSED);
    expect(calls()).toEqual([]);
  });

  it('asks for the card again when Stripe does not know the PaymentMethod, creating nothing', async () => {
    const failure = provider.subscribe({ ...payer, token: 'pm_made_up' }, 999);
    await expect(failure).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(failure).rejects.toThrow(UNKNOWN_PAYMENT_METHOD);
    expect(calls()).toEqual(['GET /v1/payment_methods/pm_made_up']);
  });

  it("declines Stripe's declined test card at the first charge and deletes the customer it created", async () => {
    const declined = { ...payer, token: await fake.tokenize(STRIPE_DECLINED_CARD) };
    const failure = provider.subscribe(declined, 999);
    await expect(failure).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(failure).rejects.toThrow('Your card was declined.');
    expect(calls()).toEqual([
      `GET /v1/payment_methods/${declined.token}`,
      'POST /v1/customers',
      'POST /v1/subscriptions',
      'DELETE /v1/customers/cus_fake3',
    ]);
  });

  it('sends the secret key on every call, and a form body and a distinct idempotency key on every POST', async () => {
    await provider.subscribe(card, 999);

    const posts = fake.serverRequests.filter((request) => request.method === 'POST');
    expect(fake.serverRequests).toHaveLength(3);
    expect(posts).toHaveLength(2);
    for (const request of posts) {
      expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(posts.map((request) => request.headers['idempotency-key'])).size).toBe(2);
  });

  it('answers a Stripe 500 with a plain Error for the log, not a decline, and deletes the customer', async () => {
    fake.handler = ({ path }) =>
      path === '/v1/subscriptions'
        ? { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } }
        : undefined;

    const error = await provider.subscribe(card, 999).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toContain('POST /v1/subscriptions answered 500 api_error');
    expect(calls().at(-1)).toBe('DELETE /v1/customers/cus_fake2');
  });

  it('treats a refused key as a plain Error', async () => {
    fake.handler = () => ({
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } },
    });

    const error = await provider.subscribe(card, 999).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toContain('401');
  });

  it('logs the customer it could not delete, and still throws the first failure', async () => {
    fake.handler = ({ method, path }) => {
      if (path === '/v1/subscriptions') return cardError('Your card was declined.');
      if (method === 'DELETE')
        return { status: 500, body: { error: { type: 'api_error', message: 'down' } } };
      return undefined;
    };

    await expect(provider.subscribe(card, 999)).rejects.toBeInstanceOf(PaymentDeclined);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.details).toMatchObject({ customerId: 'cus_fake2' });
  });

  it('gives up on a Stripe that does not answer in time with a plain Error', async () => {
    fake.handler = () => 'hang';

    const error = await provider.subscribe(card, 999).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toMatch(/GET \/v1\/payment_methods\/pm_fake1 failed: timed out after 500 ms/);
  });

  it('fails with a plain Error when Stripe cannot be reached', async () => {
    const closed = await FakeStripe.start();
    const unreachable = new StripePaymentProvider({
      secretKey: SECRET,
      publishableKey: STRIPE_TEST_PUBLISHABLE_KEY,
      priceId: PRICE,
      apiBase: closed.url,
    });
    await closed.close();

    const error = await unreachable.subscribe(card, 999).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toContain('GET /v1/payment_methods/pm_fake1 failed');
  });

  it('cancels by stopping renewal at the end of the period', async () => {
    await provider.cancel('sub_123');

    expect(calls()).toEqual(['POST /v1/subscriptions/sub_123']);
    expect(fake.serverRequests[0]?.form).toEqual({ cancel_at_period_end: 'true' });
    expect(fake.serverRequests[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('takes a subscription Stripe does not know as already stopped, and reports other failures', async () => {
    fake.handler = () => ({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
      },
    });
    await expect(provider.cancel('local_sub_abc')).resolves.toBeUndefined();

    fake.handler = () => ({ status: 503, body: { error: { type: 'api_error', message: 'down' } } });
    await expect(provider.cancel('sub_123')).rejects.toThrow('answered 503');
  });
});
