import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe, cardError } from '../../test/fake-stripe';
import { type CardDetails, PaymentDeclined } from './payment-provider';
import { StripePaymentProvider } from './stripe-provider';

const SECRET = 'sk_test_fake';
const PRICE = 'price_fake_999';

const card: CardDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  number: '4242 4242 4242 4242',
  csc: '123',
  expiration: '12/30',
  postal: '10001',
  email: 'ada@example.com',
};

describe('StripePaymentProvider against a fake Stripe', () => {
  let fake: FakeStripe;
  let provider: StripePaymentProvider;
  const warnings: { details: object; message: string }[] = [];

  beforeAll(async () => {
    fake = await FakeStripe.start();
    provider = new StripePaymentProvider({
      secretKey: SECRET,
      priceId: PRICE,
      apiBase: fake.url,
      timeoutMs: 500,
      logger: { warn: (details, message) => warnings.push({ details, message }) },
    });
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.reset();
    warnings.length = 0;
  });

  const calls = () => fake.requests.map((request) => `${request.method} ${request.path}`);

  it('creates the payment method, then the customer, then the subscription, and maps the result', async () => {
    const result = await provider.subscribe(card, 999);

    expect(calls()).toEqual(['POST /v1/payment_methods', 'POST /v1/customers', 'POST /v1/subscriptions']);
    const [method, customer, subscription] = fake.requests;
    expect(method?.form).toEqual({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
      'billing_details[name]': 'Ada Lovelace',
      'billing_details[email]': 'ada@example.com',
      'billing_details[address][postal_code]': '10001',
    });
    expect(customer?.form).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      payment_method: 'pm_fake1',
      'invoice_settings[default_payment_method]': 'pm_fake1',
    });
    expect(subscription?.form).toEqual({
      customer: 'cus_fake2',
      'items[0][price]': PRICE,
      payment_behavior: 'error_if_incomplete',
    });
    expect(result).toEqual({ customerRef: 'cus_fake2', subscriptionRef: 'sub_fake3', cardLast4: '4242' });
    expect(provider.name).toBe('stripe');
  });

  it('sends the secret key, a form body and a distinct idempotency key on every POST', async () => {
    await provider.subscribe(card, 999);

    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const keys = new Set(fake.requests.map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(3);
  });

  it("turns a card error on the payment method into PaymentDeclined with Stripe's message", async () => {
    fake.handler = ({ path }) =>
      path === '/v1/payment_methods'
        ? cardError('Your card number is incorrect.', 'incorrect_number')
        : undefined;

    const failure = provider.subscribe(card, 999);
    await expect(failure).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(failure).rejects.toThrow('Your card number is incorrect.');
    expect(calls()).toEqual(['POST /v1/payment_methods']);
  });

  it('declines a refused first charge and deletes the customer it created', async () => {
    fake.handler = ({ path }) =>
      path === '/v1/subscriptions' ? cardError('Your card was declined.') : undefined;

    const failure = provider.subscribe(card, 999);
    await expect(failure).rejects.toBeInstanceOf(PaymentDeclined);
    await expect(failure).rejects.toThrow('Your card was declined.');
    expect(calls()).toEqual([
      'POST /v1/payment_methods',
      'POST /v1/customers',
      'POST /v1/subscriptions',
      'DELETE /v1/customers/cus_fake2',
    ]);
    expect(fake.requests[3]?.headers.authorization).toBe(`Bearer ${SECRET}`);
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
    expect(JSON.stringify(warnings)).not.toContain('4242424242424242');
  });

  it('gives up on a Stripe that does not answer in time with a plain Error', async () => {
    fake.handler = () => 'hang';

    const error = await provider.subscribe(card, 999).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toMatch(/POST \/v1\/payment_methods failed: timed out after 500 ms/);
  });

  it('fails with a plain Error when Stripe cannot be reached', async () => {
    const closed = await FakeStripe.start();
    const unreachable = new StripePaymentProvider({ secretKey: SECRET, priceId: PRICE, apiBase: closed.url });
    await closed.close();

    const error = await unreachable.subscribe(card, 999).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect((error as Error).message).toContain('POST /v1/payment_methods failed');
  });

  it('cancels by stopping renewal at the end of the period', async () => {
    await provider.cancel('sub_123');

    expect(calls()).toEqual(['POST /v1/subscriptions/sub_123']);
    expect(fake.requests[0]?.form).toEqual({ cancel_at_period_end: 'true' });
    expect(fake.requests[0]?.headers['idempotency-key']).toBeTruthy();
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
