/**
 * The cross-book matrix (issue 25): every signed-in route that writes a book's data, walked as a
 * viewer of the book, as someone who never belonged to it and as a member just removed. None of
 * them may change anything: the viewer hears 403, the others the 404 of any id of someone else's,
 * and the book's rows and revision stay exactly as they were. The routes come from the app itself,
 * so a route added later is walked too.
 */
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_BOOK_MESSAGE } from '../../db/book-scope';
import { BOOK_OWNED_TABLES } from '../../db/schema';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
type WriteMethod = (typeof WRITE_METHODS)[number];

interface WriteRoute {
  method: WriteMethod;
  url: string;
}

/** As plugins/personal-tokens.ts decides it: routes that manage the person, not a book. */
function managesAccount(route: RouteOptions): boolean {
  const marked = route.config?.refusesPersonalTokens;
  if (marked !== undefined) return marked;
  return route.url.startsWith('/api/user/') || route.url.startsWith('/api/users/');
}

describe(`every book write, for those who may not write the book, on ${TEST_DB}`, () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let writes: WriteRoute[] = [];
  let book: number;
  let accountId: number;
  const people: Record<'owner' | 'viewer' | 'stranger' | 'removed', { token: string; userId: number }> = {} as never;

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
    t.clock.set('2026-11-15T12:00:00Z');
    for (const name of ['owner', 'viewer', 'stranger', 'removed'] as const) people[name] = await registerUser(t.app, `matrix-${name}@example.com`);
    const created = await asUser(t.app, people.owner.token, { method: 'POST', url: '/api/books', payload: { name: 'Shared' } });
    book = created.json<{ id: number }>().id;
    const inShared = (token: string) => ({ 'mindspend-book': String(book), authorization: `Bearer ${token}` });
    accountId = await t.app
      .inject({
        method: 'POST',
        url: '/api/accounts',
        headers: inShared(people.owner.token),
        payload: { name: 'Joint', account_type_id: 2, most_recent_balance: { current_balance: 100, date: '2026-11-01' } },
      })
      .then((response) => response.json<{ id: number }>().id);
    await createAccount(t.app, people.viewer.token, { name: 'Viewer own' });
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('book_members')
      .values([
        { book_id: book, user_id: people.viewer.userId, role: 'viewer', joined_at: now },
        { book_id: book, user_id: people.removed.userId, role: 'editor', joined_at: now },
      ])
      .execute();
    await t.database.db.deleteFrom('book_members').where('book_id', '=', book).where('user_id', '=', people.removed.userId).execute();

    writes = routes.flatMap((route) => {
      if (route.onRequest !== t.app.authenticate || managesAccount(route) || route.config?.writesNoBookData) return [];
      const methods = ([] as string[]).concat(route.method);
      return methods.filter((method): method is WriteMethod => (WRITE_METHODS as readonly string[]).includes(method)).map((method) => ({ method, url: route.url }));
    });
  });
  afterAll(() => t?.close());

  /** Every row count of the book, and its revisions: any write would move one of them. */
  async function snapshot(): Promise<string> {
    const counts = [];
    for (const table of BOOK_OWNED_TABLES) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where book_id = ${book}`.execute(t.database.db);
      counts.push(`${table}=${Number(rows[0]?.n)}`);
    }
    const revisions = await t.database.db.selectFrom('books').select(['data_revision', 'feelings_revision', 'name']).where('id', '=', book).executeTakeFirstOrThrow();
    return `${counts.join(' ')} ${JSON.stringify(revisions)}`;
  }

  const urlOf = (route: WriteRoute) =>
    route.url.replaceAll(':id', String(accountId)).replaceAll(':month', '11').replaceAll(':year', '2026');

  it('finds the book writes of the app (a guard against walking nothing)', () => {
    expect(writes.length).toBeGreaterThanOrEqual(40);
    expect(writes).toContainEqual({ method: 'POST', url: '/api/accounts' });
    expect(writes).toContainEqual({ method: 'POST', url: '/api/upload-transactions' });
    expect(writes).toContainEqual({ method: 'PUT', url: '/api/transactions/:id' });
  });

  it.each([
    ['viewer', 403, READ_ONLY_BOOK_MESSAGE],
    ['stranger', 404, 'Book not found.'],
    ['removed', 404, 'Book not found.'],
  ] as const)('refuses every book write of a %s with %i and changes nothing', async (who, status, message) => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of writes) {
      const response = await t.app.inject({
        method: route.method,
        url: urlOf(route),
        headers: { authorization: `Bearer ${people[who].token}`, 'mindspend-book': String(book) },
        payload: {},
      });
      if (response.statusCode !== status || response.json<{ message?: string }>().message !== message) {
        wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('lets the viewer still write their own personal book', async () => {
    const response = await asUser(t.app, people.viewer.token, {
      method: 'POST',
      url: '/api/goals',
      payload: { name: 'Bike', target_amount: 300, target_date: '2027-06-01' },
    });
    expect(response.statusCode).toBe(201);
  });
});
