/**
 * A stand-in for Enable Banking's API on 127.0.0.1 (DECISIONS.md #111), speaking it as the real
 * one does: every request must carry a JWT signed RS256 with the application's key (checked here
 * with the public key: `kid`, `iss`, `aud`, a lifetime of at most a day); `POST /auth` answers the
 * bank's page, which sends the person straight back to the redirect URL with a one-time code and
 * the state; `POST /sessions` turns the code into a session; accounts, balances and transactions
 * (pages of `pageSize`, with a continuation key) follow. Tests seed accounts and rows, expire
 * sessions, or override any answer. Run alone, it is a local demo:
 * `node --import tsx apps/server/src/test/fake-enable-banking.ts [port]` prints the settings.
 */
import { type KeyObject, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { BankLink } from '../modules/institutions/bank-link';
import { BankTokenCipher } from '../modules/institutions/bank-token-cipher';
import { EnableBankingProvider } from '../modules/institutions/enable-banking-provider';
import { TEST_BANK_KEY } from './fake-plaid';
import { type FakeAnswer, type FakeRequest, type FakeServer, startFakeServer } from './fake-server';

export interface FakeEbTransaction {
  entry_reference?: string | null;
  transaction_id?: string | null;
  transaction_amount: { currency: string; amount: string };
  credit_debit_indicator: 'DBIT' | 'CRDT';
  status: 'BOOK' | 'PDNG';
  booking_date?: string | null;
  value_date?: string | null;
  transaction_date?: string | null;
  creditor?: { name: string } | null;
  debtor?: { name: string } | null;
  remittance_information?: string[];
}

export interface FakeEbAccount {
  uid: string;
  iban: string;
  name: string;
  currency: string;
  cash_account_type: 'CACC' | 'SVGS' | 'CARD';
  balance: string;
  available?: string;
  transactions: FakeEbTransaction[];
}

export type FakeEbHandler = (request: FakeRequest) => FakeAnswer | 'hang' | undefined;

export const FAKE_EB_APP_ID = 'a1b2c3d4-0000-4000-8000-00000000eb01';
const DAY_SECONDS = 86_400;

/** A current account with a purchase, a salary and a pending coffee; a savings account with interest. */
export function demoEbAccounts(): FakeEbAccount[] {
  return [
    {
      uid: 'acc-current',
      iban: 'FI21 1234 5600 0007 85',
      name: 'Käyttötili',
      currency: 'EUR',
      cash_account_type: 'CACC',
      balance: '1820.55',
      available: '1800.00',
      transactions: [
        { entry_reference: 'E-1', transaction_amount: { currency: 'EUR', amount: '42.10' }, credit_debit_indicator: 'DBIT', status: 'BOOK', booking_date: '2026-11-10', value_date: '2026-11-10', creditor: { name: 'K-Market Kamppi' }, remittance_information: ['K-MARKET KAMPPI 0412'] },
        { entry_reference: 'E-2', transaction_amount: { currency: 'EUR', amount: '3100.00' }, credit_debit_indicator: 'CRDT', status: 'BOOK', booking_date: '2026-11-15', debtor: { name: 'Acme Oy' }, remittance_information: ['SALARY NOVEMBER'] },
        { entry_reference: 'E-3', transaction_amount: { currency: 'EUR', amount: '4.5' }, credit_debit_indicator: 'DBIT', status: 'PDNG', transaction_date: '2026-11-19', creditor: { name: 'Café Regatta' } },
      ],
    },
    {
      uid: 'acc-savings',
      iban: 'FI55 1234 5600 0099 11',
      name: 'Säästötili',
      currency: 'EUR',
      cash_account_type: 'SVGS',
      balance: '5000.00',
      transactions: [{ transaction_id: 'T-9', transaction_amount: { currency: 'EUR', amount: '0.87' }, credit_debit_indicator: 'CRDT', status: 'BOOK', booking_date: '2026-11-01', remittance_information: ['INTEREST'] }],
    },
  ];
}

interface Session {
  status: string;
  validUntil: string;
  bank: string;
}

export class FakeEnableBanking {
  readonly requests: FakeRequest[] = [];
  readonly privateKeyPem: string;
  private readonly publicKey: KeyObject;
  handler: FakeEbHandler = () => undefined;
  accounts: FakeEbAccount[] = demoEbAccounts();
  banks: Record<string, Array<{ name: string; country: string; maximum_consent_validity?: number }>> = demoBanks();
  /** Transactions per page; more rows are sent behind a continuation key. */
  pageSize = 2;
  /** Authorizations started (by id) and codes not yet used. */
  private readonly authorizations = new Map<string, { state: string; redirectUrl: string; bank: string; validUntil: string }>();
  private readonly codes = new Map<string, string>();
  private readonly sessions = new Map<string, Session>();

  private constructor(private readonly server: FakeServer) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.publicKey = pair.publicKey;
  }

  static async start(port?: number): Promise<FakeEnableBanking> {
    const ready: { fake?: FakeEnableBanking } = {};
    const server = await startFakeServer((request) => {
      const fake = ready.fake;
      if (!fake) return { status: 503, body: 'starting' };
      fake.requests.push(request);
      return fake.handler(request) ?? fake.answer(request);
    }, port);
    ready.fake = new FakeEnableBanking(server);
    return ready.fake;
  }

  get url(): string {
    return this.server.url;
  }

  /** The bank's page sends the person back at once: the code and state it would carry. */
  async approve(bankUrl: string): Promise<{ code: string; state: string }> {
    const response = await fetch(bankUrl, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? 'invalid:');
    return { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' };
  }

  /** Every session answers EXPIRED from now on (consent lapsed or withdrawn at the bank). */
  expireSessions(): void {
    for (const session of this.sessions.values()) session.status = 'EXPIRED';
  }

  callsTo(pattern: RegExp): FakeRequest[] {
    return this.requests.filter((request) => pattern.test(request.path.split('?')[0] ?? ''));
  }

  reset(): void {
    this.requests.length = 0;
    this.handler = () => undefined;
    this.accounts = demoEbAccounts();
    this.banks = demoBanks();
    this.pageSize = 2;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private answer(request: FakeRequest): FakeAnswer {
    const [path = '', query = ''] = request.path.split('?');
    const bankPage = /^\/bank\/([0-9a-f]+)$/.exec(path);
    if (bankPage && request.method === 'GET') return this.bankPage(bankPage[1] ?? '');
    const refused = this.jwtProblem(request.headers.authorization);
    if (refused) return { status: 401, body: { message: refused } };
    const params = new URLSearchParams(query);
    if (path === '/aspsps' && request.method === 'GET') return { status: 200, body: { aspsps: this.banks[params.get('country') ?? ''] ?? [] } };
    if (path === '/auth' && request.method === 'POST') return this.startAuth(request.raw);
    if (path === '/sessions' && request.method === 'POST') return this.createSession(request.raw);
    const session = /^\/sessions\/([^/]+)$/.exec(path);
    if (session) return this.sessionAnswer(decodeURIComponent(session[1] ?? ''), request.method);
    const account = /^\/accounts\/([^/]+)\/(details|balances|transactions)$/.exec(path);
    if (account && request.method === 'GET') return this.accountAnswer(decodeURIComponent(account[1] ?? ''), account[2] ?? '', params);
    return { status: 404, body: { message: 'Not found' } };
  }

  /** Why the bearer token is refused, or null: as the real API checks it. */
  private jwtProblem(header: string | undefined): string | null {
    const [head, payload, signature] = (/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '').split('.');
    if (!head || !payload || !signature) return 'No bearer JWT';
    const signed = verify('sha256', Buffer.from(`${head}.${payload}`), this.publicKey, Buffer.from(signature, 'base64url'));
    if (!signed) return 'JWT signature does not verify';
    const h = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as Record<string, unknown>;
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (h.alg !== 'RS256' || h.typ !== 'JWT' || h.kid !== FAKE_EB_APP_ID) return 'JWT header is not this application';
    if (p.iss !== 'enablebanking.com' || p.aud !== 'api.enablebanking.com') return 'JWT issuer or audience is wrong';
    const iat = Number(p.iat);
    const exp = Number(p.exp);
    const now = Date.now() / 1000;
    if (!(exp > now && iat <= now + 60 && exp - iat <= DAY_SECONDS)) return 'JWT has expired or lives longer than a day';
    return null;
  }

  private startAuth(raw: string): FakeAnswer {
    const body = JSON.parse(raw || '{}') as { access?: { valid_until?: string }; aspsp?: { name?: string; country?: string }; state?: string; redirect_url?: string; psu_type?: string };
    const bank = (this.banks[body.aspsp?.country ?? ''] ?? []).find((candidate) => candidate.name === body.aspsp?.name);
    if (!bank || !body.state || !body.redirect_url || !body.access?.valid_until || body.psu_type !== 'personal')
      return { status: 422, body: { message: 'Wrong request' } };
    const id = randomBytes(8).toString('hex');
    this.authorizations.set(id, { state: body.state, redirectUrl: body.redirect_url, bank: bank.name, validUntil: body.access.valid_until });
    return { status: 200, body: { url: `${this.url}/bank/${id}`, authorization_id: id } };
  }

  private bankPage(id: string): FakeAnswer {
    const authorization = this.authorizations.get(id);
    if (!authorization) return { status: 404, body: 'No such authorization', contentType: 'text/plain' };
    this.authorizations.delete(id);
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, id);
    this.sessions.set(`pending-${code}`, { status: 'PENDING', validUntil: authorization.validUntil, bank: authorization.bank });
    const back = new URL(authorization.redirectUrl);
    back.searchParams.set('code', code);
    back.searchParams.set('state', authorization.state);
    return { status: 302, body: '', contentType: 'text/plain', headers: { location: back.href } };
  }

  private createSession(raw: string): FakeAnswer {
    const code = (JSON.parse(raw || '{}') as { code?: string }).code ?? '';
    const pending = this.sessions.get(`pending-${code}`);
    if (!this.codes.delete(code) || !pending) return { status: 400, body: { message: 'Invalid or used code' } };
    this.sessions.delete(`pending-${code}`);
    const sessionId = `${randomBytes(4).toString('hex')}-sess-${randomBytes(8).toString('hex')}`;
    this.sessions.set(sessionId, { ...pending, status: 'AUTHORIZED' });
    return {
      status: 200,
      body: {
        session_id: sessionId,
        accounts: this.accounts.map((account) => this.details(account)),
        aspsp: { name: pending.bank, country: 'FI' },
        psu_type: 'personal',
        access: { valid_until: pending.validUntil },
      },
    };
  }

  private sessionAnswer(id: string, method: string): FakeAnswer {
    const session = this.sessions.get(id);
    if (!session || id.startsWith('pending-')) return { status: 404, body: { message: 'No such session' } };
    if (method === 'DELETE') {
      session.status = 'REVOKED';
      return { status: 200, body: { message: 'OK' } };
    }
    return { status: 200, body: { status: session.status, accounts: this.accounts.map((account) => account.uid), access: { valid_until: session.validUntil } } };
  }

  private accountAnswer(uid: string, what: string, params: URLSearchParams): FakeAnswer {
    const account = this.accounts.find((candidate) => candidate.uid === uid);
    if (!account) return { status: 404, body: { message: 'No such account' } };
    // The real API refuses an account's data once its session is no longer authorized.
    if (![...this.sessions.values()].some((session) => session.status === 'AUTHORIZED')) return { status: 401, body: { message: 'Session expired' } };
    if (what === 'details') return { status: 200, body: this.details(account) };
    if (what === 'balances') {
      const balances = [{ balance_amount: { currency: account.currency, amount: account.balance }, balance_type: 'CLBD' }];
      if (account.available) balances.push({ balance_amount: { currency: account.currency, amount: account.available }, balance_type: 'ITAV' });
      return { status: 200, body: { balances } };
    }
    const from = params.get('date_from') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return { status: 422, body: { message: 'date_from is required' } };
    const rows = account.transactions.filter((row) => (row.booking_date ?? row.transaction_date ?? '') >= from);
    const start = Number(params.get('continuation_key') ?? 0);
    const page = rows.slice(start, start + this.pageSize);
    const next = start + this.pageSize < rows.length ? String(start + this.pageSize) : null;
    return { status: 200, body: { transactions: page, continuation_key: next } };
  }

  private details(account: FakeEbAccount): object {
    return { uid: account.uid, account_id: { iban: account.iban }, name: account.name, currency: account.currency, cash_account_type: account.cash_account_type };
  }
}

function demoBanks(): FakeEnableBanking['banks'] {
  return {
    FI: [
      { name: 'Nordea', country: 'FI', maximum_consent_validity: 180 * DAY_SECONDS },
      { name: 'Aktia', country: 'FI' },
    ],
    SE: [{ name: 'Swedbank', country: 'SE', maximum_consent_validity: 90 * DAY_SECONDS }],
  };
}

/** Enable Banking pointed at the stand-in, sealing under the tests' bank key; short time-out. */
export function enableBankingLink(fake: FakeEnableBanking, timeoutMs = 1_000): BankLink {
  return {
    plaid: null,
    simplefin: null,
    enableBanking: new EnableBankingProvider({ appId: FAKE_EB_APP_ID, privateKey: fake.privateKeyPem, apiUrl: fake.url, timeoutMs }),
    cipher: new BankTokenCipher(() => TEST_BANK_KEY, null),
  };
}

// The local demo: the stand-in on this machine, with the settings to start Mindspend against it.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 0) || undefined;
  const fake = await FakeEnableBanking.start(port);
  console.log(`Enable Banking stand-in at ${fake.url}; start Mindspend with:`);
  console.log(`ENABLE_BANKING_API_URL=${fake.url} ENABLE_BANKING_APP_ID=${FAKE_EB_APP_ID}`);
  console.log(`ENABLE_BANKING_PRIVATE_KEY="${fake.privateKeyPem.trim().replace(/\n/g, '\\n')}"`);
}
