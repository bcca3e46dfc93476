/**
 * A stand-in for Stripe's REST API on 127.0.0.1: records every request and answers the calls
 * StripePaymentProvider makes as Stripe does. A test can override the answer to any call.
 */
import type { IncomingMessage } from 'node:http';
import { type FakeAnswer, type FakeServer, startFakeServer } from './fake-server';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

/** Answers a request; `undefined` falls through to the usual answer, `'hang'` never answers. */
export type FakeHandler = (request: RecordedRequest) => FakeAnswer | 'hang' | undefined;

/** Stripe's shape for a card refusal. */
export function cardError(message: string, declineCode = 'generic_decline'): FakeAnswer {
  return {
    status: 402,
    body: { error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message } },
  };
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  /** Tried before the usual answers; a test sets it, `reset()` clears it (and restarts the ids). */
  handler: FakeHandler = () => undefined;
  private server: FakeServer | null = null;
  private count = 0;

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    fake.server = await startFakeServer(({ method, path, headers, raw }) => {
      const recorded: RecordedRequest = {
        method,
        path,
        headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      fake.requests.push(recorded);
      return fake.handler(recorded) ?? fake.usualAnswer(recorded);
    });
    return fake;
  }

  get url(): string {
    if (!this.server) throw new Error('The fake Stripe server is not started.');
    return this.server.url;
  }

  reset(): void {
    this.requests.length = 0;
    this.handler = () => undefined;
    this.count = 0;
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  private nextId(prefix: string): string {
    this.count += 1;
    return `${prefix}_fake${this.count}`;
  }

  private usualAnswer({ method, path, form }: RecordedRequest): FakeAnswer {
    if (method === 'POST' && path === '/v1/payment_methods') {
      const last4 = (form['card[number]'] ?? '').slice(-4);
      return {
        status: 200,
        body: { id: this.nextId('pm'), object: 'payment_method', card: { brand: 'visa', last4 } },
      };
    }
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: this.nextId('cus'), object: 'customer', email: form.email } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
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
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such route ${path}` },
      },
    };
  }
}
