/**
 * A stand-in for Plaid's REST API on 127.0.0.1: records every request and answers the calls
 * PlaidProvider makes as Plaid does. Tests queue transaction changes and may override any answer.
 */
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { BankLink } from '../modules/institutions/bank-link';
import { PlaidProvider } from '../modules/institutions/plaid-provider';
import { TokenCipher } from '../lib/token-cipher';
import { BankTokenCipher } from '../modules/institutions/bank-token-cipher';

/** The bank key of the tests' links (BANK_TOKEN_ENCRYPTION_KEY). */
export const TEST_BANK_KEY = 'test-bank-token-key-of-at-least-32-characters';
import { type FakeAnswer, type FakeServer, startFakeServer } from './fake-server';

export interface RecordedPlaidRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** Answers a request; `undefined` falls through to the usual answer, `'hang'` never answers. */
export type FakePlaidHandler = (request: RecordedPlaidRequest) => FakeAnswer | 'hang' | undefined;

export interface FakePlaidAccount {
  account_id: string;
  name: string;
  mask: string | null;
  type: string;
  subtype: string | null;
  balances: { current: number | null; available: number | null; limit: number | null; iso_currency_code?: string | null };
}

export interface FakePlaidTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  name: string;
  merchant_name: string | null;
  pending: boolean;
}

export interface FakeChanges {
  added?: FakePlaidTransaction[];
  modified?: FakePlaidTransaction[];
  removed?: string[];
}

/** Plaid's error shape. */
export function plaidError(code: string, type = 'ITEM_ERROR', status = 400): FakeAnswer {
  return {
    status,
    body: {
      error_type: type,
      error_code: code,
      error_message: `fake ${code}`,
      display_message: null,
      request_id: 'req',
    },
  };
}

export const FAKE_ACCOUNTS: FakePlaidAccount[] = [
  {
    account_id: 'acc-checking',
    name: 'Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
    balances: { current: 110, available: 100, limit: null, iso_currency_code: 'USD' },
  },
  {
    account_id: 'acc-savings',
    name: 'Savings',
    mask: '1111',
    type: 'depository',
    subtype: 'savings',
    balances: { current: 210.5, available: 200, limit: null, iso_currency_code: 'USD' },
  },
  {
    account_id: 'acc-card',
    name: 'Credit Card',
    mask: '3333',
    type: 'credit',
    subtype: 'credit card',
    balances: { current: 410, available: null, limit: 2000, iso_currency_code: 'USD' },
  },
];

/** The bank link an API test's app uses: the real Plaid adapter, pointed at this stand-in. */
export function bankLinkTo(fake: FakePlaid): BankLink {
  return {
    plaid: new PlaidProvider({ clientId: 'client-test', secret: 'secret-test', apiBase: fake.url }),
    simplefin: null,
    cipher: new BankTokenCipher(() => TEST_BANK_KEY, new TokenCipher('secret-test')),
  };
}

/** What `signWebhook` may get wrong on purpose, as a forger or a replay would. */
export interface WebhookSigningOptions {
  /** Seconds since the epoch; default now. */
  iat?: number;
  alg?: string;
  kid?: string;
  /** The hash claimed; default the body's. */
  bodySha256?: string;
  /** Sign with another key than the one Plaid hands out. */
  key?: KeyObject;
}

export class FakePlaid {
  readonly requests: RecordedPlaidRequest[] = [];
  /** The key pair Plaid signs webhooks with (DECISIONS.md #112); its public half is at /webhook_verification_key/get. */
  readonly webhookKeyId = 'fake-webhook-key-1';
  private readonly webhookKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** Set: the verification key is answered with this `expired_at` (a key Plaid retired). */
  webhookKeyExpiredAt: number | null = null;
  handler: FakePlaidHandler = () => undefined;
  accounts: FakePlaidAccount[] = FAKE_ACCOUNTS;
  /**
   * Every change set queued, one per page; a cursor is the index of the next one, so items keep
   * their place across `reset()` (which leaves these alone) and a new item starts from the first.
   */
  private changes: FakeChanges[] = [];
  private server: FakeServer | null = null;
  private count = 0;

  static async start(): Promise<FakePlaid> {
    const fake = new FakePlaid();
    fake.server = await startFakeServer(({ path, headers, raw }) => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Recorded empty; the usual answer refuses it like Plaid does.
      }
      const recorded: RecordedPlaidRequest = { path, headers, body };
      fake.requests.push(recorded);
      return fake.handler(recorded) ?? fake.usualAnswer(recorded);
    });
    return fake;
  }

  get url(): string {
    if (!this.server) throw new Error('The fake Plaid server is not started.');
    return this.server.url;
  }

  /** Queues one page of transaction changes for the next sync. */
  pushChanges(changes: FakeChanges): void {
    this.changes.push(changes);
  }

  paths(): string[] {
    return this.requests.map((request) => request.path);
  }

  /** The public half of the webhook key, as a JWK (x and y). */
  webhookPublicJwk(): { x?: string; y?: string } {
    return this.webhookKeys.publicKey.export({ format: 'jwk' });
  }

  /** The `Plaid-Verification` header Plaid would send with `body` (its exact text). */
  signWebhook(body: string, options: WebhookSigningOptions = {}): string {
    const header = { alg: options.alg ?? 'ES256', kid: options.kid ?? this.webhookKeyId, typ: 'JWT' };
    const payload = {
      iat: options.iat ?? Math.floor(Date.now() / 1000),
      request_body_sha256: options.bodySha256 ?? createHash('sha256').update(body, 'utf8').digest('hex'),
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = `${encode(header)}.${encode(payload)}`;
    const signature = sign('sha256', Buffer.from(signed), { key: options.key ?? this.webhookKeys.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${signed}.${signature.toString('base64url')}`;
  }

  reset(): void {
    this.webhookKeyExpiredAt = null;
    this.requests.length = 0;
    this.handler = () => undefined;
    this.accounts = FAKE_ACCOUNTS;
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  private nextId(prefix: string): string {
    this.count += 1;
    return `${prefix}-fake-${this.count}`;
  }

  private usualAnswer({ path, body }: RecordedPlaidRequest): FakeAnswer {
    if (typeof body.client_id !== 'string' || typeof body.secret !== 'string') {
      return plaidError('INVALID_API_KEYS', 'INVALID_INPUT');
    }
    switch (path) {
      case '/link/token/create':
        return {
          status: 200,
          body: {
            link_token: this.nextId('link-sandbox'),
            expiration: '2026-12-01T00:00:00Z',
            request_id: 'req',
          },
        };
      case '/item/public_token/exchange':
        return {
          status: 200,
          body: {
            access_token: this.nextId('access-sandbox'),
            item_id: this.nextId('item'),
            request_id: 'req',
          },
        };
      case '/accounts/get':
        return {
          status: 200,
          body: { accounts: this.accounts, item: { item_id: 'item' }, request_id: 'req' },
        };
      case '/transactions/sync': {
        const start = typeof body.cursor === 'string' ? Number(body.cursor) : 0;
        const page = this.changes[start];
        const next = page ? start + 1 : start;
        return {
          status: 200,
          body: {
            added: page?.added ?? [],
            modified: page?.modified ?? [],
            removed: (page?.removed ?? []).map((id) => ({ transaction_id: id })),
            next_cursor: String(next),
            has_more: next < this.changes.length,
            request_id: 'req',
          },
        };
      }
      case '/webhook_verification_key/get': {
        if (body.key_id !== this.webhookKeyId) return plaidError('INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'INVALID_INPUT');
        const jwk = this.webhookPublicJwk();
        const key = { ...jwk, alg: 'ES256', use: 'sig', kid: this.webhookKeyId, created_at: 1_700_000_000, expired_at: this.webhookKeyExpiredAt };
        return { status: 200, body: { key, request_id: 'req' } };
      }
      case '/item/remove':
        return { status: 200, body: { request_id: 'req' } };
      default:
        return plaidError('NOT_FOUND', 'INVALID_REQUEST', 404);
    }
  }
}
