/**
 * A book's members and invitations (issue 25): the owner invites by e-mail, the link is used once
 * within 7 days, roles change and the book is handed over, members are removed or leave, and every
 * refusal writes nothing.
 */
import {
  ALREADY_A_MEMBER,
  BOOK_OWNER_ONLY,
  type Book,
  INVITATION_NOT_FOUND,
  OWNER_MUST_HAND_OVER,
  PERSONAL_BOOK_NOT_SHARED,
  membersResponse,
} from '@mindspend/api-contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { READ_ONLY_BOOK_MESSAGE } from '../../db/book-scope';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface Person {
  token: string;
  userId: number;
  bookId: number;
  email: string;
}

describe(`book members and invitations on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: Person;
  let partner: Person;
  let stranger: Person;
  let book: number;
  let people = 0;

  const person = async (name: string): Promise<Person> => {
    people += 1;
    const email = `${name}-${people}@example.com`;
    return { ...(await registerUser(t.app, email)), email };
  };

  const as = (who: Person, options: InjectOptions) => asUser(t.app, who.token, options);
  const inBook = (who: Person, bookId: number, options: InjectOptions) =>
    as(who, { ...options, headers: { ...options.headers, 'mindspend-book': String(bookId) } });

  async function invite(who: Person, bookId: number, email: string, role: 'editor' | 'viewer' = 'editor') {
    return as(who, { method: 'POST', url: `/api/books/${bookId}/invitations`, payload: { email, role } });
  }

  /** The token of the newest invitation link mailed to `email`. */
  async function mailedToken(email: string): Promise<string> {
    const row = await t.database.db.selectFrom('outbox').select(['body_text', 'subject']).where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(row.body_text);
    if (!match?.[1]) throw new Error(`no invitation link in: ${row.body_text}`);
    return match[1];
  }

  const accept = (who: Person, token: string) => as(who, { method: 'POST', url: `/api/invitations/${token}/accept` });

  async function members(bookId: number) {
    const response = await as(owner, { method: 'GET', url: `/api/books/${bookId}/members` });
    return membersResponse.parse(response.json()).members.map((member) => [member.email, member.role]);
  }

  async function join(who: Person, role: 'editor' | 'viewer' = 'editor') {
    expect((await invite(owner, book, who.email, role)).statusCode).toBe(201);
    expect((await accept(who, await mailedToken(who.email))).statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    t.clock.set('2026-11-15T12:00:00Z');
    owner = await person('owner');
    partner = await person('partner');
    stranger = await person('stranger');
    const created = await as(owner, { method: 'POST', url: '/api/books', payload: { name: 'Household' } });
    book = created.json<Book>().id;
  });
  afterAll(() => t.close());

  it('mails a single-use link that shows the book before sign-in and adds the person who accepts it', async () => {
    const sent = await invite(owner, book, `  ${partner.email.toUpperCase()} `, 'editor');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ email: partner.email, role: 'editor', expires_at: '2026-11-22T12:00:00.000Z' });
    const mail = await t.database.db.selectFrom('outbox').select(['subject', 'body_text']).where('to_address', '=', partner.email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`${owner.email} invited you to "Household" on Mindspend`);
    expect(mail.body_text).toContain('http://localhost:3000/invitations/');
    const token = await mailedToken(partner.email);
    // Only the token's hash is kept.
    const stored = await t.database.db.selectFrom('book_invitations').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ book_name: 'Household', invited_by: owner.email, email: partner.email, role: 'editor', expires_at: '2026-11-22T12:00:00.000Z' });

    const accepted = await accept(partner, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: book, name: 'Household', role: 'editor', personal: false });
    expect(await members(book)).toEqual([
      [owner.email, 'owner'],
      [partner.email, 'editor'],
    ]);
    const again = await accept(stranger, token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: INVITATION_NOT_FOUND });
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
  });

  it('refuses a link after 7 days, an unknown one and a malformed one with the same 404', async () => {
    await invite(owner, book, partner.email);
    const token = await mailedToken(partner.email);
    t.clock.set('2026-11-22T12:00:01Z');
    for (const candidate of [token, 'x'.repeat(43), 'not a token', '%00'.repeat(3)]) {
      const response = await accept(partner, encodeURIComponent(candidate));
      expect(response.statusCode, candidate).toBe(404);
    }
    expect(await members(book)).toEqual([[owner.email, 'owner']]);
  });

  it('adds one member when the same link is accepted twice at once', async () => {
    await invite(owner, book, partner.email);
    const token = await mailedToken(partner.email);
    const answers = await Promise.all([accept(partner, token), accept(partner, token), accept(stranger, token)]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The losers hear that the link is used (404), or the partner that they already belong (422).
    expect(statuses.filter((status) => status !== 200).every((status) => status === 404 || status === 422)).toBe(true);
    expect((await members(book)).length).toBe(2);
  });

  it('lets only the owner invite, only into a shared book, and checks the address and role', async () => {
    await join(partner, 'editor');
    const byEditor = await invite(partner, book, 'someone@example.com');
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json()).toEqual({ message: BOOK_OWNER_ONLY });
    expect((await invite(stranger, book, 'someone@example.com')).statusCode).toBe(404);
    const personal = await invite(owner, owner.bookId, 'someone@example.com');
    expect(personal.statusCode).toBe(422);
    expect(personal.json()).toMatchObject({ message: PERSONAL_BOOK_NOT_SHARED });
    for (const payload of [{ email: 'not-an-address', role: 'editor' }, { email: 'a@example.com', role: 'owner' }, { email: 'a@example.com' }]) {
      const response = await as(owner, { method: 'POST', url: `/api/books/${book}/invitations`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const invitations = await t.database.db.selectFrom('book_invitations').select('email').where('book_id', '=', book).execute();
    expect(invitations).toEqual([{ email: partner.email }]);
  });

  it('does not use up a link on someone who already belongs to the book', async () => {
    await join(partner);
    await invite(owner, book, partner.email);
    const token = await mailedToken(partner.email);
    const response = await accept(partner, token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: ALREADY_A_MEMBER });
    expect((await accept(stranger, token)).statusCode).toBe(200);
  });

  it('makes an editor a viewer, whose writes are then refused', async () => {
    await join(partner, 'editor');
    const account = { name: 'Joint', account_type_id: 2, most_recent_balance: { current_balance: 10, date: '2026-11-01' } };
    expect((await inBook(partner, book, { method: 'POST', url: '/api/accounts', payload: account })).statusCode).toBe(201);
    const changed = await as(owner, { method: 'PATCH', url: `/api/books/${book}/members/${partner.userId}`, payload: { role: 'viewer' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await inBook(partner, book, { method: 'POST', url: '/api/accounts', payload: { ...account, name: 'Second' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: READ_ONLY_BOOK_MESSAGE });
    const byViewer = await as(partner, { method: 'PATCH', url: `/api/books/${book}/members/${partner.userId}`, payload: { role: 'owner' } });
    expect(byViewer.statusCode).toBe(403);
  });

  it('hands the book over: the member becomes owner and the former owner an editor', async () => {
    await join(partner, 'viewer');
    const handed = await as(owner, { method: 'PATCH', url: `/api/books/${book}/members/${partner.userId}`, payload: { role: 'owner' } });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(await members(book)).toEqual([
      [owner.email, 'editor'],
      [partner.email, 'owner'],
    ]);
    expect((await as(owner, { method: 'PATCH', url: `/api/books/${book}`, payload: { name: 'Mine again' } })).statusCode).toBe(403);
    expect((await as(partner, { method: 'PATCH', url: `/api/books/${book}`, payload: { name: 'Ours' } })).statusCode).toBe(200);
  });

  it('keeps an owner: the owner cannot step down or leave without handing over', async () => {
    await join(partner);
    const stepDown = await as(owner, { method: 'PATCH', url: `/api/books/${book}/members/${owner.userId}`, payload: { role: 'editor' } });
    expect(stepDown.statusCode).toBe(422);
    expect(stepDown.json()).toMatchObject({ message: OWNER_MUST_HAND_OVER });
    const leave = await as(owner, { method: 'DELETE', url: `/api/books/${book}/members/${owner.userId}` });
    expect(leave.statusCode).toBe(422);
    expect(await members(book)).toEqual([
      [owner.email, 'owner'],
      [partner.email, 'editor'],
    ]);
  });

  it('removes a member, who is shut out at once; a member may leave; only the owner removes others', async () => {
    const third = await person('third');
    await join(partner);
    await join(third, 'viewer');
    expect((await as(third, { method: 'DELETE', url: `/api/books/${book}/members/${partner.userId}` })).statusCode).toBe(403);
    expect((await as(owner, { method: 'DELETE', url: `/api/books/${book}/members/${partner.userId}` })).statusCode).toBe(204);
    expect((await inBook(partner, book, { method: 'GET', url: '/api/accounts' })).statusCode).toBe(404);
    expect((await as(third, { method: 'DELETE', url: `/api/books/${book}/members/${third.userId}` })).statusCode).toBe(204);
    expect(await members(book)).toEqual([[owner.email, 'owner']]);
    expect((await as(owner, { method: 'DELETE', url: `/api/books/${book}/members/${stranger.userId}` })).statusCode).toBe(404);
    expect((await as(stranger, { method: 'GET', url: `/api/books/${book}/members` })).statusCode).toBe(404);
  });
});
