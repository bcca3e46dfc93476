/**
 * Private accounts in a shared book (issue 25; docs/DECISIONS.md #84): an account private to the
 * member who added it is, to every other member, not there — not the account, not its
 * transactions, not its share of any figure. The sweep reads every signed-in GET route of the app
 * (taken from the app itself, so a route added later is read too) as the other member, before and
 * after the private account fills up, and the answers must not change by a byte.
 */
import { ONLY_CREATOR_MAKES_PRIVATE, PRIVATE_NEEDS_SHARED_BOOK } from '@mindspend/api-contract';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_WITH_PRIVATE_ACCOUNT } from '../transactions/transactions.service';
import { subcategoryIds } from '../../test/ledger-fixtures';
import { multipartBody } from '../../test/uploads';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface Person {
  token: string;
  userId: number;
  bookId: number;
}

/** Routes whose answer is a stream or a page, not data of the book. */
const NOT_DATA = ['/api/events', '/api/docs', '/api/openapi.json', '/api/health'];

describe(`private accounts in a shared book on ${TEST_DB}`, () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let ana: Person;
  let ben: Person;
  let book: number;
  let joint: number;

  const inBook = (who: Person, options: InjectOptions) =>
    asUser(t.app, who.token, { ...options, headers: { ...options.headers, 'mindspend-book': String(book) } });

  async function addAccount(who: Person, payload: Record<string, unknown>) {
    return inBook(who, {
      method: 'POST',
      url: '/api/accounts',
      payload: { account_type_id: 1, most_recent_balance: { current_balance: 1000, date: '2026-11-01' }, ...payload },
    });
  }

  /** Every signed-in GET route with its ids filled by one that names nothing. */
  function readRoutes(): string[] {
    return routes
      .filter((route) => ([] as string[]).concat(route.method).includes('GET') && route.onRequest === t.app.authenticate)
      .map((route) => route.url)
      .filter((url) => url.startsWith('/api/') && !NOT_DATA.some((prefix) => url.startsWith(prefix)) && !url.includes('*'))
      .map((url) => url.replace(/:year\b/, '2026').replace(/:month\b/, '11').replace(/:[A-Za-z_]+/g, '999999'));
  }

  /** What Ben reads of the book on every route, by route. */
  async function everythingBenReads(): Promise<Record<string, string>> {
    const answers: Record<string, string> = {};
    for (const url of readRoutes()) {
      const response = await inBook(ben, { method: 'GET', url });
      answers[url] = `${response.statusCode} ${response.body}`;
    }
    return answers;
  }

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
    t.clock.set('2026-11-15T12:00:00Z');
    ana = await registerUser(t.app, 'private-ana@example.com');
    ben = await registerUser(t.app, 'private-ben@example.com');
    book = (await asUser(t.app, ana.token, { method: 'POST', url: '/api/books', payload: { name: 'Home' } })).json<{ id: number }>().id;
    await t.database.db.insertInto('book_members').values({ book_id: book, user_id: ben.userId, role: 'editor', joined_at: new Date().toISOString() }).execute();
    const created = await addAccount(ana, { name: 'Joint' });
    expect(created.statusCode).toBe(201);
    joint = created.json<{ id: number }>().id;
  });
  afterAll(() => t?.close());

  it('keeps every answer of the other member the same, byte for byte, however much the private account holds', async () => {
    const before = await everythingBenReads();
    expect(Object.keys(before).length).toBeGreaterThan(40);

    const created = await addAccount(ana, { name: 'Secret Stash', private: true, most_recent_balance: { current_balance: 7777.77, date: '2026-11-01' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Secret Stash', private: true });
    const secret = created.json<{ id: number }>().id;
    const groceries = (await subcategoryIds(t.app, ana.token)).Groceries;
    const payee = await inBook(ana, { method: 'POST', url: `/api/accounts/${secret}/entities`, payload: { name: 'Hidden Payee Co' } });
    expect(payee.statusCode).toBe(201);
    const payeeId = payee.json<{ id: number }>().id;
    for (const payload of [
      { type: 'expense', amount: 4321.09, date: '2026-11-10', description: 'hidden-marker', emotions: ['negative'], purpose: 'optional', subcategories: [{ id: groceries, amount: 4321.09 }] },
      { type: 'income', amount: 6543.21, date: '2026-11-05', description: 'hidden pay' },
      // Regretted three times at one payee, then bought there again: the regret radar rings for Ana.
      ...['2026-10-02', '2026-10-09', '2026-10-20'].map((date) => ({ type: 'expense', amount: 12.5, date, entity_id: payeeId, emotions: ['negative'] })),
      { type: 'expense', amount: 13.75, date: '2026-11-12', entity_id: payeeId },
    ]) {
      const added = await inBook(ana, { method: 'POST', url: `/api/accounts/${secret}/transactions`, payload });
      expect(added.statusCode, added.body).toBe(201);
    }

    // A goal that follows the private account: its progress is that account's balance.
    const goal = await inBook(ana, { method: 'POST', url: '/api/goals', payload: { name: 'Hidden trip', target_amount: 9000, target_date: '2027-06-30', account_id: secret } });
    expect(goal.statusCode, goal.body).toBe(201);

    const after = await everythingBenReads();
    const changed = Object.keys(before).filter((url) => after[url] !== before[url]);
    expect(changed.map((url) => `${url}: ${after[url]?.slice(0, 300)}`)).toEqual([]);
    // And Ana, whose account it is, does see it, and hears of its regrets.
    const notices = await inBook(ana, { method: 'GET', url: '/api/notifications' });
    expect(notices.json<{ notifications: Array<{ title: string; message: string }> }>().notifications).toContainEqual(
      expect.objectContaining({ title: 'Regret radar', message: expect.stringContaining('Hidden Payee Co') }),
    );
    const anas = await inBook(ana, { method: 'GET', url: '/api/accounts' });
    expect(anas.json<Array<{ name: string; private: boolean }>>().map((account) => [account.name, account.private])).toEqual([
      ['Joint', false],
      ['Secret Stash', true],
    ]);
  });

  it('answers the other member 404 for the account and its rows, and writes nothing', async () => {
    const secret = await addAccount(ana, { name: 'Second secret', private: true });
    const secretId = secret.json<{ id: number }>().id;
    const bought = await inBook(ana, { method: 'POST', url: `/api/accounts/${secretId}/transactions`, payload: { type: 'expense', amount: 9, date: '2026-11-12' } });
    const transactionId = bought.json<{ id: number }>().id;
    const attempts: InjectOptions[] = [
      { method: 'GET', url: `/api/accounts/${secretId}` },
      { method: 'PATCH', url: `/api/accounts/${secretId}`, payload: { name: 'Mine now', account_type_id: 1 } },
      { method: 'DELETE', url: `/api/accounts/${secretId}` },
      { method: 'POST', url: `/api/accounts/${secretId}/transactions`, payload: { type: 'expense', amount: 1, date: '2026-11-12' } },
      { method: 'GET', url: `/api/transactions/${transactionId}` },
      { method: 'PATCH', url: `/api/transactions/${transactionId}`, payload: { type: 'expense', amount: 1, date: '2026-11-12' } },
      { method: 'DELETE', url: `/api/transactions/${transactionId}` },
      { method: 'POST', url: '/api/transfers', payload: { from_account_id: joint, to_account_id: secretId, amount: 5, date: '2026-11-12' } },
    ];
    // An import into the private account: its job is Ana's to follow.
    const upload = multipartBody({ account_id: String(secretId) }, { name: 'private.csv', type: 'text/csv', content: 'Date,Description,Amount\n11/13/2026,Private shop,-21.00\n' });
    const queued = await inBook(ana, { method: 'POST', url: '/api/upload-transactions', headers: upload.headers, payload: upload.payload });
    expect(queued.statusCode, queued.body).toBe(202);
    await t.app.imports.idle();
    const jobId = queued.json<{ id: number }>().id;
    expect((await inBook(ana, { method: 'GET', url: `/api/imports/${jobId}` })).statusCode).toBe(200);
    attempts.push({ method: 'GET', url: `/api/imports/${jobId}` });
    for (const attempt of attempts) expect((await inBook(ben, attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    const row = await t.database.db.selectFrom('accounts').select('name').where('id', '=', secretId).executeTakeFirstOrThrow();
    expect(row.name).toBe('Second secret');
    expect((await inBook(ana, { method: 'GET', url: `/api/transactions/${transactionId}` })).json()).toMatchObject({ amount: 9 });
  });

  it("keeps a transfer's private side: the other member sees their leg without the account, and may not delete it", async () => {
    const savings = (await addAccount(ana, { name: 'Ana savings', private: true })).json<{ id: number }>().id;
    const moved = await inBook(ana, { method: 'POST', url: '/api/transfers', payload: { from_account_id: joint, to_account_id: savings, amount: 250, date: '2026-11-14' } });
    expect(moved.statusCode, moved.body).toBe(201);
    const legs = await inBook(ben, { method: 'GET', url: `/api/accounts/${joint}/transactions/month/11/year/2026` });
    const leg = legs.json<Array<{ id: number; amount: number; transfer_account_name?: string | null }>>().find((row) => row.amount === 250);
    expect(leg).toBeDefined();
    expect(legs.body).not.toContain('Ana savings');
    const refused = await inBook(ben, { method: 'DELETE', url: `/api/transactions/${leg?.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: TRANSFER_WITH_PRIVATE_ACCOUNT });
    const transferId = moved.json<{ id: number }>().id;
    expect((await inBook(ben, { method: 'GET', url: `/api/transfers/${transferId}` })).statusCode).toBe(404);
    expect((await inBook(ana, { method: 'GET', url: `/api/transfers/${transferId}` })).statusCode).toBe(200);
  });

  it('lets only the member who added an account make it private, and only in a shared book', async () => {
    const bens = (await addAccount(ben, { name: 'Ben wallet' })).json<{ id: number }>().id;
    const byAna = await inBook(ana, { method: 'PATCH', url: `/api/accounts/${bens}`, payload: { name: 'Ben wallet', account_type_id: 1, private: true } });
    expect(byAna.statusCode).toBe(403);
    expect(byAna.json()).toMatchObject({ message: ONLY_CREATOR_MAKES_PRIVATE });

    const hidden = await inBook(ben, { method: 'PATCH', url: `/api/accounts/${bens}`, payload: { name: 'Ben wallet', account_type_id: 1, private: true } });
    expect(hidden.json()).toMatchObject({ private: true });
    expect((await inBook(ana, { method: 'GET', url: `/api/accounts/${bens}` })).statusCode).toBe(404);
    const shared = await inBook(ben, { method: 'PATCH', url: `/api/accounts/${bens}`, payload: { name: 'Ben wallet', account_type_id: 1, private: false } });
    expect(shared.json()).toMatchObject({ private: false });
    expect((await inBook(ana, { method: 'GET', url: `/api/accounts/${bens}` })).json()).toMatchObject({ name: 'Ben wallet', private: false });

    const personal = await asUser(t.app, ana.token, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Solo', account_type_id: 1, private: true, most_recent_balance: { current_balance: 1, date: '2026-11-01' } },
    });
    expect(personal.statusCode).toBe(422);
    expect(personal.json()).toMatchObject({ errors: { private: [PRIVATE_NEEDS_SHARED_BOOK] } });
    expect(await t.database.db.selectFrom('accounts').select('id').where('name', '=', 'Solo').execute()).toEqual([]);
  });

  it("deletes a member's private accounts with their user account, ending their transfers and keeping the book's side", async () => {
    const carl = await registerUser(t.app, 'private-carl@example.com');
    await t.database.db.insertInto('book_members').values({ book_id: book, user_id: carl.userId, role: 'editor', joined_at: new Date().toISOString() }).execute();
    const stash = (await addAccount(carl, { name: 'Carl stash', private: true })).json<{ id: number }>().id;
    const moved = await inBook(carl, { method: 'POST', url: '/api/transfers', payload: { from_account_id: joint, to_account_id: stash, amount: 77, date: '2026-11-14' } });
    expect(moved.statusCode).toBe(201);
    const gone = await asUser(t.app, carl.token, { method: 'DELETE', url: `/api/users/${carl.userId}`, payload: { current_password: STRONG_PASSWORD } });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await t.database.db.selectFrom('accounts').select('id').where('id', '=', stash).execute()).toEqual([]);
    const jointLegs = await inBook(ana, { method: 'GET', url: `/api/accounts/${joint}/transactions/month/11/year/2026` });
    expect(jointLegs.json<Array<{ amount: number; transfer_id: number | null }>>().find((row) => row.amount === 77)).toMatchObject({ transfer_id: null });
  });
});
