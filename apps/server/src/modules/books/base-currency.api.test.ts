/**
 * A book's base currency (issue 27, DECISIONS.md #87): USD for every book until its owner changes
 * it with PATCH /books/{id}, answered by GET /books; a code that is not ISO 4217 in capitals is a
 * 422 naming `base_currency`, and only the owner may change it.
 */
import { BASE_CURRENCY_UNKNOWN, BOOK_OWNER_ONLY, type Book } from '@mindspend/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`a book's base currency on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: { token: string; bookId: number };
  let editor: { token: string; userId: number };
  let shared: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-26T12:00:00Z');
    owner = await registerUser(t.app, 'base-owner@example.com');
    editor = await registerUser(t.app, 'base-editor@example.com');
    shared = (await asUser(t.app, owner.token, { method: 'POST', url: '/api/books', payload: { name: 'Trip' } })).json<Book>().id;
    await t.database.db
      .insertInto('book_members')
      .values({ book_id: shared, user_id: editor.userId, role: 'editor', joined_at: '2026-11-26T12:00:00.000Z' })
      .execute();
  });
  afterAll(() => t?.close());

  const patch = (token: string, id: number, payload: unknown) => asUser(t.app, token, { method: 'PATCH', url: `/api/books/${id}`, payload: payload as object });
  const bookOf = async (token: string, id: number) =>
    (await asUser(t.app, token, { method: 'GET', url: '/api/books' })).json<{ books: Book[] }>().books.find((book) => book.id === id);

  it('is USD for every book until changed', async () => {
    expect(await bookOf(owner.token, owner.bookId)).toMatchObject({ base_currency: 'USD' });
    expect(await bookOf(owner.token, shared)).toMatchObject({ base_currency: 'USD' });
  });

  it('is changed by the owner, alone or with the name, and every member sees it', async () => {
    const changed = await patch(owner.token, shared, { base_currency: 'EUR' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: shared, name: 'Trip', base_currency: 'EUR' });
    expect(await bookOf(editor.token, shared)).toMatchObject({ base_currency: 'EUR', role: 'editor' });
    const both = await patch(owner.token, shared, { name: 'Trip to Japan', base_currency: 'JPY' });
    expect(both.json()).toMatchObject({ name: 'Trip to Japan', base_currency: 'JPY' });
    const renamed = await patch(owner.token, shared, { name: 'Japan' });
    expect(renamed.json()).toMatchObject({ name: 'Japan', base_currency: 'JPY' });
    // The owner's personal book is untouched by the shared one's settings.
    expect(await bookOf(owner.token, owner.bookId)).toMatchObject({ base_currency: 'USD' });
  });

  it.each(['eur', 'Eur', 'XYZ', 'EURO', '', ' EUR'])('refuses %j with a 422 naming the field, and changes nothing', async (code) => {
    const response = await patch(owner.token, shared, { base_currency: code });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: BASE_CURRENCY_UNKNOWN, errors: { base_currency: [BASE_CURRENCY_UNKNOWN] } });
    expect(await bookOf(owner.token, shared)).toMatchObject({ base_currency: 'JPY' });
  });

  it('refuses a number with a sentence, and leaves the book as it was', async () => {
    const response = await patch(owner.token, shared, { base_currency: 978 });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['base_currency']);
    expect(await bookOf(owner.token, shared)).toMatchObject({ base_currency: 'JPY' });
  });

  it('is the owner’s to change: an editor hears 403', async () => {
    const response = await patch(editor.token, shared, { base_currency: 'GBP' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: BOOK_OWNER_ONLY });
    expect(await bookOf(owner.token, shared)).toMatchObject({ base_currency: 'JPY' });
  });
});
