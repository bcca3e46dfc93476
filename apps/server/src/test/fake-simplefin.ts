/**
 * A stand-in for a SimpleFIN Bridge on 127.0.0.1 (DECISIONS.md #106), speaking the protocol as
 * the Bridge does: a setup token is the base64 of a claim URL; POST to it answers the access URL
 * once (403 after); GET {access URL}/accounts with the access URL's basic-auth credentials answers
 * accounts, the transactions since `start-date` (pending ones only with `pending=1`), and `errors`.
 * Tests add rows, revoke the access, or override any answer. Run alone, it is a local demo:
 * `node --import tsx apps/server/src/test/fake-simplefin.ts [port]` prints a setup token.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { BankLink } from '../modules/institutions/bank-link';
import { BankTokenCipher } from '../modules/institutions/bank-token-cipher';
import { SimpleFinProvider } from '../modules/institutions/simplefin-provider';
import { TEST_BANK_KEY } from './fake-plaid';
import { type FakeAnswer, type FakeRequest, type FakeServer, startFakeServer } from './fake-server';

export interface FakeSimpleFinTransaction {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending?: boolean;
}

export interface FakeSimpleFinAccount {
  org: { name: string; domain: string };
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance'?: string;
  'balance-date': number;
  transactions: FakeSimpleFinTransaction[];
}

/** Answers a request first; `undefined` falls through to the usual answer, `'hang'` never answers. */
export type FakeSimpleFinHandler = (request: FakeRequest) => FakeAnswer | 'hang' | undefined;

/** Seconds since the epoch of a UTC date-time, e.g. `at('2026-11-10T15:00:00Z')`. */
export const at = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Two accounts at one bank, with a purchase, a pay cheque and a pending purchase. */
export function demoAccounts(): FakeSimpleFinAccount[] {
  return [
    {
      org: { name: 'Maple Credit Union', domain: 'maple.example' },
      id: 'ACT-checking',
      name: 'Everyday Checking',
      currency: 'USD',
      balance: '1523.37',
      'available-balance': '1500.00',
      'balance-date': at('2026-11-20T00:00:00Z'),
      transactions: [
        { id: 'TRN-1', posted: at('2026-11-10T16:00:00Z'), amount: '-33.29', description: 'GROCERY MART #12', payee: 'Grocery Mart' },
        { id: 'TRN-2', posted: at('2026-11-12T09:00:00Z'), amount: '2500.00', description: 'PAYROLL ACME CO', payee: 'Acme Co' },
        { id: 'TRN-3', posted: 0, transacted_at: at('2026-11-19T20:00:00Z'), amount: '-4.35', description: 'CAFE LUNA', pending: true },
      ],
    },
    {
      org: { name: 'Maple Credit Union', domain: 'maple.example' },
      id: 'ACT-card',
      name: 'Rewards Card',
      currency: 'USD',
      balance: '-250.10',
      'balance-date': at('2026-11-20T00:00:00Z'),
      // The same id as a checking row: SimpleFIN's ids are unique within an account only.
      transactions: [{ id: 'TRN-1', posted: at('2026-11-11T12:00:00Z'), amount: '-120.00', description: 'HARDWARE HOUSE', payee: 'Hardware House' }],
    },
  ];
}

export class FakeSimpleFin {
  readonly requests: FakeRequest[] = [];
  handler: FakeSimpleFinHandler = () => undefined;
  accounts: FakeSimpleFinAccount[] = demoAccounts();
  errors: string[] = [];
  /** Claim ids not yet claimed. */
  private readonly claims = new Set<string>();
  /** user → password of the access URLs handed out and not revoked. */
  private readonly access = new Map<string, string>();

  private constructor(private readonly server: FakeServer) {}

  static async start(port?: number): Promise<FakeSimpleFin> {
    const ready: { fake?: FakeSimpleFin } = {};
    const server = await startFakeServer((request) => {
      const fake = ready.fake;
      if (!fake) return { status: 503, body: 'starting' };
      fake.requests.push(request);
      return fake.handler(request) ?? fake.answer(request);
    }, port);
    ready.fake = new FakeSimpleFin(server);
    return ready.fake;
  }

  get url(): string {
    return this.server.url;
  }

  /** A fresh setup token, as the Bridge shows one to its user. */
  setupToken(): string {
    const claim = randomBytes(8).toString('hex');
    this.claims.add(claim);
    return Buffer.from(`${this.url}/claim/${claim}`).toString('base64');
  }

  /** Ends every access URL handed out: /accounts answers 403 from now on. */
  revokeAll(): void {
    this.access.clear();
  }

  addTransaction(accountId: string, transaction: FakeSimpleFinTransaction): void {
    const account = this.accounts.find((candidate) => candidate.id === accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    account.transactions.push(transaction);
  }

  /** Calls of a path, e.g. `'/simplefin/accounts'` (query left out). */
  callsTo(path: string): FakeRequest[] {
    return this.requests.filter((request) => request.path.split('?')[0] === path);
  }

  reset(): void {
    this.requests.length = 0;
    this.handler = () => undefined;
    this.accounts = demoAccounts();
    this.errors = [];
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private answer(request: FakeRequest): FakeAnswer {
    const [path = '', query = ''] = request.path.split('?');
    const claim = /^\/claim\/([0-9a-f]+)$/.exec(path);
    if (claim && request.method === 'POST') {
      if (!this.claims.delete(claim[1] ?? '')) return { status: 403, body: 'Forbidden', contentType: 'text/plain' };
      const user = `user${randomBytes(4).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      this.access.set(user, password);
      const { host } = new URL(this.url);
      return { status: 200, body: `http://${user}:${password}@${host}/simplefin`, contentType: 'text/plain' };
    }
    if (path === '/simplefin/accounts' && request.method === 'GET') {
      if (!this.authorized(request.headers.authorization)) return { status: 403, body: 'Forbidden', contentType: 'text/plain' };
      return { status: 200, body: this.accountSet(new URLSearchParams(query)) };
    }
    return { status: 404, body: 'Not found', contentType: 'text/plain' };
  }

  private authorized(header: string | undefined): boolean {
    const encoded = /^Basic (.+)$/.exec(header ?? '')?.[1];
    if (!encoded) return false;
    const [user = '', password] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    return password !== undefined && this.access.get(user) === password;
  }

  private accountSet(query: URLSearchParams): unknown {
    const start = Number(query.get('start-date') ?? 0);
    const withPending = query.get('pending') === '1';
    const balancesOnly = query.get('balances-only') === '1';
    return {
      errors: this.errors,
      accounts: this.accounts.map((account) => ({
        ...account,
        transactions: balancesOnly
          ? []
          : account.transactions.filter(
              (row) => (row.posted === 0 ? withPending && (row.transacted_at ?? 0) >= start : row.posted >= start),
            ),
      })),
    };
  }
}

// The local demo: a Bridge stand-in on this machine, with a setup token to paste.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 0) || undefined;
  const fake = await FakeSimpleFin.start(port);
  console.log(`SimpleFIN stand-in at ${fake.url}; start Mindspend with SIMPLEFIN_ALLOWED_HOSTS=127.0.0.1`);
  console.log(`Setup token: ${fake.setupToken()}`);
}

/** SimpleFIN pointed at stand-ins on 127.0.0.1, sealing under the tests' bank key; short time-out. */
export function simplefinLink(timeoutMs = 1_000): BankLink {
  return {
    plaid: null,
    simplefin: new SimpleFinProvider({ allowedHosts: ['127.0.0.1'], timeoutMs }),
    cipher: new BankTokenCipher(() => TEST_BANK_KEY, null),
  };
}
