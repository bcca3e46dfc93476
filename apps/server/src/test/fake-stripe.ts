/**
 * A stand-in for Stripe's REST API on 127.0.0.1: records every request and answers the calls
 * StripePaymentProvider makes as Stripe does. A test can override the answer to any call.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
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
  private server: Server | null = null;
  private count = 0;

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    const server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => {
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          form: Object.fromEntries(new URLSearchParams(raw)),
        };
        fake.requests.push(recorded);
        const answer = fake.handler(recorded) ?? fake.usualAnswer(recorded);
        if (answer === 'hang') return;
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.server = server;
    return fake;
  }

  get url(): string {
    if (!this.server) throw new Error('The fake Stripe server is not started.');
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  reset(): void {
    this.requests.length = 0;
    this.handler = () => undefined;
    this.count = 0;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
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
