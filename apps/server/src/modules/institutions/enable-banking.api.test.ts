/**
 * Enable Banking through its stand-in (DECISIONS.md #111): choose a bank, go to it, come back
 * with the code and the state; the link imports every row once with its sign, later syncs add
 * only what is new, a pending row that books is updated in place; the consent's end is shown and
 * renewal asked in its last week; a lapsed or withdrawn consent is "re-link needed"; a forged,
 * replayed, expired or someone else's state, and every bad answer of the provider, is a clear
 * 4xx or 502 with nothing stored.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_EB_APP_ID, FakeEnableBanking, enableBankingLink } from '../../test/fake-enable-banking';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { EnableBankingProvider } from './enable-banking-provider';

interface InstitutionAnswer {
  id: number;
  name: string;
  provider: string;
  account_count: number;
  status: string;
  last_sync: { at: string; added: number | null; error: string | null } | null;
  notices: string[];
  consent_expires_at: string | null;
}

const NOW = '2026-11-20T12:00:00.000Z';
const DAY_MS = 86_400_000;
/** Nordea grants 180 days in the stand-in. */
const CONSENT_END = new Date(Date.parse(NOW) + 180 * DAY_MS).toISOString();
const REFUSED = 'This bank link has expired or was already used; start again';

describe(`Enable Banking on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakeEnableBanking;
  let token: string;
  let bookId: number;

  beforeAll(async () => {
    fake = await FakeEnableBanking.start();
    t = await createTestApp({}, { bankLink: enableBankingLink(fake, 400) });
    ({ token, bookId } = await registerUser(t.app, 'enable-banking@example.com'));
    // A person banking in Finland keeps a book in euros.
    expect((await asUser(t.app, token, { method: 'PATCH', url: `/api/books/${bookId}`, payload: { base_currency: 'EUR' } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.reset();
    t.clock.set(NOW);
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
    asUser(t.app, as, { method, url, ...(payload && { payload }) });
  const start = (bank = 'Nordea', as = token) => call('POST', '/api/institutions/enable-banking/start', { country: 'FI', bank }, as);
  const callback = (body: object, as = token) => call('POST', '/api/institutions/enable-banking/callback', body, as);
  /** Start, let the stand-in's bank page send the person back, answer the code and state. */
  const goToBank = async (as = token) => {
    const started = await start('Nordea', as);
    expect(started.statusCode).toBe(200);
    return fake.approve(started.json<{ url: string }>().url);
  };
  const institutions = async (as = token) =>
    (await call('GET', '/api/institutions', undefined, as)).json<{ providers: string[]; institutions: InstitutionAnswer[] }>();
  const rows = (book = bookId) =>
    t.database.db
      .selectFrom('transactions as t')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .select(['a.name as account', 't.import_key', 't.amount_cents', 't.type', 't.pending', 't.date'])
      .where('t.book_id', '=', book)
      .where('t.import_key', 'like', 'enablebanking:%')
      .orderBy('t.import_key')
      .execute();
  const stored = async () => ({
    institutions: (await t.database.db.selectFrom('linked_institutions').select('id').execute()).length,
    accounts: (await t.database.db.selectFrom('accounts').select('id').execute()).length,
    transactions: (await t.database.db.selectFrom('transactions').select('id').execute()).length,
  });
  const states = async () => (await t.database.db.selectFrom('bank_link_states').select('id').execute()).length;

  it('lists the banks of a country, and refuses a country that is not two letters', async () => {
    expect((await institutions()).providers).toEqual(['enable_banking']);
    const banks = await call('GET', '/api/institutions/enable-banking/banks?country=fi');
    expect(banks.statusCode).toBe(200);
    expect(banks.json()).toEqual({ banks: [{ name: 'Aktia', country: 'FI' }, { name: 'Nordea', country: 'FI' }] });
    const bad = await call('GET', '/api/institutions/enable-banking/banks?country=Finland');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ message: string }>().message).toMatch(/two-letter code/);
  });

  it('links through the bank, makes an account per bank account, and imports every row once with its sign', async () => {
    const started = await start();
    expect(started.statusCode).toBe(200);
    const [auth] = fake.callsTo(/^\/auth$/);
    const asked = JSON.parse(auth?.raw ?? '{}') as { state: string; redirect_url: string; access: { valid_until: string }; aspsp: object };
    expect(asked.redirect_url).toBe('http://localhost:3000/institutions/callback');
    expect(asked.aspsp).toEqual({ name: 'Nordea', country: 'FI' });
    expect(asked.access.valid_until).toBe(CONSENT_END);
    expect(asked.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Every request carried a JWT of this application (the stand-in verified its signature).
    const header = JSON.parse(Buffer.from(auth?.headers.authorization?.split(' ')[1]?.split('.')[0] ?? '', 'base64url').toString()) as object;
    expect(header).toEqual({ typ: 'JWT', alg: 'RS256', kid: FAKE_EB_APP_ID });
    // The state is kept only as its hash.
    const [kept] = await t.database.db.selectFrom('bank_link_states').select('state_hash').execute();
    expect(kept?.state_hash).toBe(createHash('sha256').update(asked.state).digest('hex'));

    const back = await fake.approve(started.json<{ url: string }>().url);
    expect(back.state).toBe(asked.state);
    const linked = await callback(back);
    expect(linked.statusCode).toBe(201);
    const institution = linked.json<InstitutionAnswer>();
    expect(institution).toMatchObject({ name: 'Nordea', provider: 'enable_banking', account_count: 2, status: 'connected', notices: [], consent_expires_at: CONSENT_END });
    expect(institution.last_sync).toEqual({ at: NOW, added: 4, error: null });
    expect(await states()).toBe(0);

    // DBIT is money out: 42.10 spent, 3,100.00 earned, a pending 4.50 coffee, 0.87 interest.
    expect(await rows()).toEqual([
      { account: 'Nordea Käyttötili ••0785', import_key: 'enablebanking:acc-current:E-1', amount_cents: 4210, type: 'expense', pending: 0, date: '2026-11-10' },
      { account: 'Nordea Käyttötili ••0785', import_key: 'enablebanking:acc-current:E-2', amount_cents: 310000, type: 'income', pending: 0, date: '2026-11-15' },
      { account: 'Nordea Käyttötili ••0785', import_key: 'enablebanking:acc-current:E-3', amount_cents: 450, type: 'expense', pending: 1, date: '2026-11-19' },
      { account: 'Nordea Säästötili ••9911', import_key: 'enablebanking:acc-savings:T-9', amount_cents: 87, type: 'income', pending: 0, date: '2026-11-01' },
    ]);
    const accounts = (await call('GET', '/api/accounts')).json<Array<{ name: string; currency: string; most_recent_balance: { current_balance: number; available_balance: number } | null }>>();
    // Kept in the bank's currency (DECISIONS.md #106).
    expect(accounts.map((account) => [account.name, account.currency, account.most_recent_balance?.current_balance, account.most_recent_balance?.available_balance])).toEqual([
      ['Nordea Käyttötili ••0785', 'EUR', 1820.55, 1800],
      ['Nordea Säästötili ••9911', 'EUR', 5000, 5000],
    ]);
    // Three rows at two a page: the second page was asked with the continuation key; 90 days back.
    const pages = fake.callsTo(/^\/accounts\/acc-current\/transactions$/).map((request) => new URLSearchParams(request.path.split('?')[1]));
    expect(pages.map((query) => [query.get('date_from'), query.get('continuation_key')])).toEqual([['2026-08-22', null], ['2026-08-22', '2']]);

    // The session id is kept sealed: it is nowhere in the row.
    const row = await t.database.db.selectFrom('linked_institutions').selectAll().where('id', '=', institution.id).executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toMatch(/^bank\.v1\./);
    expect(row.access_token_encrypted).not.toContain('-sess-');
    expect(row.item_id).not.toContain('-sess-');
  });

  it('adds nothing on a second sync; a new row comes once and a pending row that books is updated, not doubled', async () => {
    const [institution] = (await institutions()).institutions;
    if (!institution) throw new Error('no institution');
    t.clock.set('2026-11-21T12:00:00Z');
    const again = await call('POST', '/api/transactions/import', { institution_id: institution.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ imported: number }>().imported).toBe(0);
    // From the last fetch less 14 days: a pending row may book late.
    const last = fake.callsTo(/^\/accounts\/acc-current\/transactions$/).at(-1);
    expect(new URLSearchParams(last?.path.split('?')[1]).get('date_from')).toBe('2026-11-06');

    const current = fake.accounts[0];
    if (!current) throw new Error('no account');
    current.transactions = current.transactions.map((row) => (row.entry_reference === 'E-3' ? { ...row, status: 'BOOK', booking_date: '2026-11-20', transaction_amount: { currency: 'EUR', amount: '4.60' } } : row));
    current.transactions.push({ entry_reference: 'E-4', transaction_amount: { currency: 'EUR', amount: '0.05' }, credit_debit_indicator: 'DBIT', status: 'BOOK', booking_date: '2026-11-21', creditor: { name: 'HSL' } });
    t.clock.set('2026-11-22T12:00:00Z');
    const third = await call('POST', '/api/transactions/import', { institution_id: institution.id });
    expect(third.json<{ imported: number }>().imported).toBe(1);
    t.clock.set('2026-11-22T13:00:00Z');
    expect((await call('POST', '/api/transactions/import', {})).json<{ imported: number }>().imported).toBe(0);
    const all = await rows();
    expect(all).toHaveLength(5);
    expect(all.find((row) => row.import_key === 'enablebanking:acc-current:E-3')).toMatchObject({ amount_cents: 460, pending: 0, date: '2026-11-20' });
    expect(all.find((row) => row.import_key === 'enablebanking:acc-current:E-4')).toMatchObject({ amount_cents: 5, type: 'expense' });
  });

  it('refuses an amount with a fraction of a cent: the sync fails, says so, and writes nothing', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    fake.accounts[0]?.transactions.push({ entry_reference: 'E-odd', transaction_amount: { currency: 'EUR', amount: '1.005' }, credit_debit_indicator: 'DBIT', status: 'BOOK', booking_date: '2026-11-22' });
    const before = (await rows()).length;
    const response = await call('POST', '/api/transactions/import', {});
    expect(response.statusCode).toBe(502);
    expect((await rows()).length).toBe(before);
    expect((await institutions()).institutions[0]?.last_sync?.error).toMatch(/could not be reached/);
  });

  describe('the state: unguessable, bound to the person and the book, single use, short-lived', () => {
    const refused = async (body: object, as = token) => {
      const before = await stored();
      const response = await callback(body, as);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(REFUSED);
      expect(await stored()).toEqual(before);
    };

    it('refuses a forged state, and asks the bank nothing', async () => {
      const { code } = await goToBank();
      fake.requests.length = 0;
      await refused({ code, state: 'forged-state-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
      expect(fake.callsTo(/^\/sessions/)).toHaveLength(0);
    });

    it('refuses a replayed state', async () => {
      const back = await goToBank();
      expect((await callback(back)).statusCode).toBe(201);
      await refused(back);
    });

    it("refuses another person's state, which stays theirs to use", async () => {
      const other = await registerUser(t.app, 'eb-other@example.com');
      const back = await goToBank();
      await refused(back, other.token);
      expect((await callback(back)).statusCode).toBe(201);
    });

    it('refuses a state older than 15 minutes', async () => {
      const back = await goToBank();
      t.clock.set(new Date(Date.parse(NOW) + 16 * 60_000).toISOString());
      await refused(back);
    });

    it('lets only one of two callbacks racing with one state link the bank', async () => {
      const back = await goToBank();
      const before = (await stored()).institutions;
      const answers = await Promise.all([callback(back), callback(back)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
      expect((await stored()).institutions).toBe(before + 1);
    });
  });

  describe("the bank's consent: its end shown, renewal asked, then re-link needed", () => {
    it('asks to renew in the last 7 days, and after the end shows re-link needed without calling the bank', async () => {
      const person = await registerUser(t.app, 'eb-consent@example.com');
      const linked = (await callback(await goToBank(person.token), person.token)).json<InstitutionAnswer>();
      expect(linked.consent_expires_at).toBe(CONSENT_END);
      t.clock.set(new Date(Date.parse(CONSENT_END) - 8 * DAY_MS).toISOString());
      expect((await institutions(person.token)).institutions[0]?.notices).toEqual([]);
      t.clock.set(new Date(Date.parse(CONSENT_END) - 6 * DAY_MS).toISOString());
      expect((await institutions(person.token)).institutions[0]?.notices).toEqual([`Renew access to Nordea before ${CONSENT_END.slice(0, 10)}.`]);

      t.clock.set(new Date(Date.parse(CONSENT_END) + 60_000).toISOString());
      const [lapsed] = (await institutions(person.token)).institutions;
      expect(lapsed?.status).toBe('relink_required');
      expect(lapsed?.notices).toEqual([`Access to Nordea lapsed on ${CONSENT_END.slice(0, 10)}: link it again to keep importing.`]);
      fake.requests.length = 0;
      const sync = await call('POST', '/api/transactions/import', {}, person.token);
      expect(sync.statusCode).toBe(403);
      expect(fake.requests).toHaveLength(0);
      expect((await institutions(person.token)).institutions[0]?.last_sync?.error).toMatch(/^Re-link needed: The access you gave Nordea lapsed/);
    });

    it('shows a consent withdrawn at the bank as re-link needed', async () => {
      const person = await registerUser(t.app, 'eb-revoked@example.com');
      expect((await callback(await goToBank(person.token), person.token)).statusCode).toBe(201);
      fake.expireSessions();
      t.clock.set('2026-11-21T12:00:00Z');
      const sync = await call('POST', '/api/transactions/import', {}, person.token);
      expect(sync.statusCode).toBe(403);
      const [institution] = (await institutions(person.token)).institutions;
      expect(institution?.status).toBe('relink_required');
      expect(institution?.last_sync?.error).toMatch(/^Re-link needed: Your consent at the bank has expired or was withdrawn/);
    });
  });

  describe("the provider's bad answers: a clear message, nothing stored", () => {
    it('refuses a bank that is not in the list, and stores no state', async () => {
      const before = await states();
      const response = await start('Bank of Nowhere');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/Bank of Nowhere is not a bank Enable Banking offers in FI/);
      expect(await states()).toBe(before);
    });

    it('answers 502 and stores no state when starting fails, hangs, or answers no URL', async () => {
      const before = await states();
      for (const answer of [{ status: 500, body: { message: 'oops' } }, 'hang' as const, { status: 200, body: { link: 'nope' } }]) {
        fake.handler = (request) => (request.path === '/auth' ? answer : undefined);
        const response = await start();
        expect(response.statusCode).toBe(502);
        expect(response.json<{ message: string }>().message).toMatch(/Enable Banking could not be reached/);
      }
      expect(await states()).toBe(before);
    });

    it('answers 502 with nothing stored when creating the session fails, hangs, or answers something malformed', async () => {
      const answers = [
        { status: 503, body: { message: 'down' } },
        'hang' as const,
        { status: 200, body: '<html>', contentType: 'text/html' },
        { status: 200, body: { session_id: 'x', accounts: [{ name: 'no uid' }], access: { valid_until: '2027-01-01T00:00:00Z' } } },
        { status: 200, body: { session_id: 'x', accounts: [], access: { valid_until: 'soon' } } },
      ];
      for (const answer of answers) {
        const back = await goToBank();
        fake.handler = (request) => (request.path === '/sessions' && request.method === 'POST' ? answer : undefined);
        const before = await stored();
        const response = await callback(back);
        expect(response.statusCode).toBe(502);
        expect(response.json<{ message: string }>().message).toMatch(/could not be reached/);
        expect(await stored()).toEqual(before);
      }
    });

    it('refuses a code the bank does not know (400), with nothing stored', async () => {
      const back = await goToBank();
      const before = await stored();
      const response = await callback({ ...back, code: 'not-a-code' });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/did not confirm this link/);
      expect(await stored()).toEqual(before);
    });

    it('is refused by the stand-in when signed with another key', async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const stranger = new EnableBankingProvider({ appId: FAKE_EB_APP_ID, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), apiUrl: fake.url });
      await expect(stranger.banks('FI')).rejects.toThrow(/\/aspsps answered 401/);
    });
  });
});
