/**
 * A stand-in for Stripe on 127.0.0.1, both halves (DECISIONS.md #30): its REST API, answering the
 * calls StripePaymentProvider makes as Stripe does, and a stand-in of Stripe.js (fake-stripe-js.ts)
 * served at `jsUrl`, which tokenizes a card in the browser by calling this API with the publishable
 * key, as the real script does. Records every request; a test can override the answer to any call.
 *
 * As Stripe does for an account that does not allow raw card data, it refuses a card number sent
 * with a secret key: a server that forwarded one would fail its tests.
 */
import type { IncomingMessage } from 'node:http';
import { passesLuhn } from '@mindspend/domain';
import { type FakeAnswer, type FakeServer, startFakeServer } from './fake-server';
import { fakeStripeJs } from './fake-stripe-js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

/** Answers a request; `undefined` falls through to the usual answer, `'hang'` never answers. */
export type FakeHandler = (request: RecordedRequest) => FakeAnswer | 'hang' | undefined;

/** Stripe's test card that tokenizes but whose charge is declined. */
export const STRIPE_DECLINED_CARD = '4000000000000002';
export const STRIPE_TEST_PUBLISHABLE_KEY = 'pk_test_fake';

/** Stripe's shape for a card refusal. */
export function cardError(message: string, declineCode = 'generic_decline', code = 'card_declined'): FakeAnswer {
  return {
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: declineCode, message } },
  };
}

function requestError(status: number, code: string, message: string): FakeAnswer {
  return { status, body: { error: { type: 'invalid_request_error', code, message } } };
}

/** The browser's stand-in Stripe.js calls this API from the page's origin. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, DELETE',
};

interface StoredPaymentMethod {
  id: string;
  number: string;
  expMonth: string;
  expYear: string;
  name: string;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  /** Tried before the usual answers; a test sets it, `reset()` clears it (and restarts the ids). */
  handler: FakeHandler = () => undefined;
  private server: FakeServer | null = null;
  private count = 0;
  private readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  /** Customer id → its default PaymentMethod id. */
  private readonly customers = new Map<string, string>();

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    fake.server = await startFakeServer(({ method, path, headers, raw }) => {
      if (method === 'OPTIONS') return { status: 204, body: '', contentType: 'text/plain', headers: CORS };
      if (method === 'GET' && /\/stripe\.js(\?.*)?$/.test(path)) {
        return { status: 200, body: fakeStripeJs(fake.url), contentType: 'application/javascript', headers: CORS };
      }
      const recorded: RecordedRequest = {
        method,
        path,
        headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      fake.requests.push(recorded);
      const answer = fake.handler(recorded) ?? fake.usualAnswer(recorded);
      return answer === 'hang' ? answer : { ...answer, headers: { ...CORS, ...answer.headers } };
    });
    return fake;
  }

  get url(): string {
    if (!this.server) throw new Error('The fake Stripe server is not started.');
    return this.server.url;
  }

  /** Where a page loads the stand-in Stripe.js (STRIPE_JS_URL); the path is Stripe's own. */
  get jsUrl(): string {
    return `${this.url}/clover/stripe.js`;
  }

  /** Requests made with a secret key: the ones our server made (the browser's carry the publishable key). */
  get serverRequests(): RecordedRequest[] {
    return this.requests.filter((request) => /^Bearer (sk|rk)_/.test(request.headers.authorization ?? ''));
  }

  /**
   * Tokenizes a card as Stripe.js does in the browser: POST /v1/payment_methods with the publishable
   * key. Answers the PaymentMethod id (`pm_…`) the browser would send as `stripe_token`.
   */
  async tokenize(number: string, expiry = { month: '12', year: String(new Date().getUTCFullYear() + 5) }): Promise<string> {
    const response = await fetch(`${this.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': number,
        'card[exp_month]': expiry.month,
        'card[exp_year]': expiry.year,
        'card[cvc]': '123',
        key: STRIPE_TEST_PUBLISHABLE_KEY,
      }).toString(),
    });
    const body = (await response.json()) as { id?: string };
    if (!response.ok || !body.id) throw new Error(`the fake Stripe did not tokenize ${number}: ${JSON.stringify(body)}`);
    return body.id;
  }

  reset(): void {
    this.requests.length = 0;
    this.handler = () => undefined;
    this.count = 0;
    this.paymentMethods.clear();
    this.customers.clear();
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  private nextId(prefix: string): string {
    this.count += 1;
    return `${prefix}_fake${this.count}`;
  }

  private usualAnswer(request: RecordedRequest): FakeAnswer {
    const { method, path, form, headers } = request;
    const key = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1] ?? form.key ?? '';
    if (method === 'POST' && path === '/v1/payment_methods') return this.createPaymentMethod(form, key);
    if (!/^(sk|rk)_/.test(key)) {
      return requestError(401, 'secret_key_required', 'This API call cannot be made with a publishable API key.');
    }
    const paymentMethod = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && paymentMethod) {
      const stored = this.paymentMethods.get(decodeURIComponent(paymentMethod[1] ?? ''));
      if (!stored) return requestError(404, 'resource_missing', `No such PaymentMethod: '${paymentMethod[1]}'`);
      return { status: 200, body: this.present(stored) };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const methodId = form.payment_method;
      if (methodId !== undefined && !this.paymentMethods.has(methodId)) {
        return requestError(400, 'resource_missing', `No such PaymentMethod: '${methodId}'`);
      }
      const id = this.nextId('cus');
      if (methodId) this.customers.set(id, methodId);
      return { status: 200, body: { id, object: 'customer', email: form.email } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const charged = this.paymentMethods.get(this.customers.get(form.customer ?? '') ?? '');
      if (charged?.number === STRIPE_DECLINED_CARD) return cardError('Your card was declined.');
      return { status: 200, body: { id: this.nextId('sub'), object: 'subscription', status: 'active' } };
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'POST' && subscription) {
      const id = subscription[1];
      return {
        status: 200,
        body: { id, object: 'subscription', status: 'active', cancel_at_period_end: true },
      };
    }
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && customer) {
      return { status: 200, body: { id: customer[1], object: 'customer', deleted: true } };
    }
    return requestError(404, 'resource_missing', `No such route ${path}`);
  }

  /** Only a publishable key may send a card number: Stripe.js in the browser, never our server. */
  private createPaymentMethod(form: Record<string, string>, key: string): FakeAnswer {
    const number = (form['card[number]'] ?? '').replace(/\D/g, '');
    if (number && !key.startsWith('pk_')) {
      return requestError(
        400,
        'raw_card_data_not_allowed',
        'Sending credit card numbers directly to the Stripe API is unsafe; tokenize the card with Stripe.js.',
      );
    }
    if (!key.startsWith('pk_')) return requestError(401, 'api_key_required', 'You did not provide an API key.');
    if (!passesLuhn(number)) return cardError('Your card number is incorrect.', 'incorrect_number', 'incorrect_number');
    const stored: StoredPaymentMethod = {
      id: this.nextId('pm'),
      number,
      expMonth: form['card[exp_month]'] ?? '',
      expYear: form['card[exp_year]'] ?? '',
      name: form['billing_details[name]'] ?? '',
    };
    this.paymentMethods.set(stored.id, stored);
    return { status: 200, body: this.present(stored) };
  }

  /** A PaymentMethod as Stripe shows it: the last four digits, never the number. */
  private present(stored: StoredPaymentMethod) {
    return {
      id: stored.id,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: stored.number.startsWith('4') ? 'visa' : 'unknown',
        last4: stored.number.slice(-4),
        exp_month: Number(stored.expMonth),
        exp_year: Number(stored.expYear),
      },
      billing_details: { name: stored.name || null },
    };
  }
}
