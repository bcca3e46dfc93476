/**
 * Books (issue 25): the personal book every person has, shared books, the `Mindspend-Book` header
 * that chooses the book a request acts in, and what each role may do there. Members other than
 * the owner are written straight into `book_members` here: invitations are the next step.
 */
import {
  BOOK_OWNER_ONLY,
  type Book,
  PERSONAL_BOOK_UNDELETABLE,
  booksResponse,
} from '@mindspend/api-contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_BOOK_MESSAGE } from '../../db/book-scope';
import type { BookRole } from '../../db/schema';
import { createAccount } from '../../test/ledger-fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface Person {
  token: string;
  userId: number;
  bookId: number;
}

describe(`books on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: Person;
  let partner: Person;
  let stranger: Person;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    owner = await registerUser(t.app, 'books-owner@example.com');
    partner = await registerUser(t.app, 'books-partner@example.com');
    stranger = await registerUser(t.app, 'books-stranger@example.com');
  });
  afterAll(() => t.close());

  const inBook = (person: Person, bookId: number | string | null, options: InjectOptions) =>
    asUser(t.app, person.token, {
      ...options,
      headers: { ...options.headers, ...(bookId !== null && { 'mindspend-book': String(bookId) }) },
    });

  async function booksOf(person: Person): Promise<Book[]> {
    const response = await asUser(t.app, person.token, { method: 'GET', url: '/api/books' });
    expect(response.statusCode).toBe(200);
    return booksResponse.parse(response.json()).books;
  }

  async function createBook(person: Person, name: string): Promise<number> {
    const response = await asUser(t.app, person.token, { method: 'POST', url: '/api/books', payload: { name } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Book>().id;
  }

  async function addMember(bookId: number, person: Person, role: BookRole): Promise<void> {
    await t.database.db
      .insertInto('book_members')
      .values({ book_id: bookId, user_id: person.userId, role, joined_at: new Date().toISOString() })
      .execute();
  }

  async function accountNames(person: Person, bookId: number | null): Promise<string[]> {
    const response = await inBook(person, bookId, { method: 'GET', url: '/api/accounts' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Array<{ name: string }>>().map((account) => account.name);
  }

  /** A new account's body: a name, a type and its opening balance. */
  const account = (name: string, account_type_id = 2) => ({ name, account_type_id, most_recent_balance: { current_balance: 100, date: '2026-11-01' } });

  const countAccounts = async (bookId: number) =>
    Number((await t.database.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).where('book_id', '=', bookId).executeTakeFirstOrThrow()).n);

  it('gives every new person a personal book they own alone', async () => {
    const [personal, ...others] = await booksOf(owner);
    expect(others).toEqual([]);
    expect(personal).toMatchObject({ id: owner.bookId, name: 'Personal', role: 'owner', personal: true });
    expect(personal?.members).toEqual([expect.objectContaining({ user_id: owner.userId, email: 'books-owner@example.com', role: 'owner' })]);
  });

  it('creates a shared book owned by its creator, after the personal book in the list', async () => {
    const id = await createBook(owner, '  Household  ');
    const books = await booksOf(owner);
    expect(books.map((book) => [book.name, book.personal, book.role])).toEqual([
      ['Personal', true, 'owner'],
      ['Household', false, 'owner'],
    ]);
    expect(books[1]?.id).toBe(id);
    expect(await booksOf(stranger)).toHaveLength(1);
  });

  it('refuses a book name that is empty, too long or not text, naming the field', async () => {
    for (const payload of [{ name: '   ' }, { name: 'x'.repeat(101) }, { name: 'Home\u0000' }, { name: 42 }, {}, { name: 'Home', owner: 1 }]) {
      const response = await asUser(t.app, owner.token, { method: 'POST', url: '/api/books', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).length).toBeGreaterThan(0);
    }
    expect(await booksOf(owner)).toHaveLength(2);
  });

  it('keeps each book its own: the header chooses the book, no header the personal book', async () => {
    const shared = await createBook(owner, 'Cabin');
    await createAccount(t.app, owner.token, { name: 'Own Checking' });
    const response = await inBook(owner, shared, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Cabin Fund', account_type_id: 1, most_recent_balance: { current_balance: 300, date: '2026-11-01' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await accountNames(owner, null)).toEqual(['Own Checking']);
    expect(await accountNames(owner, owner.bookId)).toEqual(['Own Checking']);
    expect(await accountNames(owner, shared)).toEqual(['Cabin Fund']);
    // An id of the other book answers 404 here, as any id of someone else's does.
    const cabinFund = response.json<{ id: number }>().id;
    expect((await inBook(owner, null, { method: 'GET', url: `/api/accounts/${cabinFund}` })).statusCode).toBe(404);
    // A reused answer (the all-accounts ledger month) is kept per book too.
    const month = (bookId: number | null) =>
      inBook(owner, bookId, { method: 'GET', url: '/api/accounts/transactions/month/11/year/2026' }).then((answer) =>
        answer.json<Array<{ name: string }>>().map((account) => account.name),
      );
    expect(await month(null)).toEqual(['Own Checking']);
    expect(await month(shared)).toEqual(['Cabin Fund']);
    expect(await month(null)).toEqual(['Own Checking']);
  });

  it('exports and restores one book: the backup of a shared book holds its data alone, and restores into another book', async () => {
    const shared = await createBook(owner, 'Exported');
    await inBook(owner, shared, { method: 'POST', url: '/api/accounts', payload: account('Shared only', 1) });
    const backup = await inBook(owner, shared, { method: 'GET', url: '/api/export/backup.json' });
    expect(backup.statusCode).toBe(200);
    const accounts = backup.json<{ accounts: Array<{ name: string }> }>().accounts.map((row) => row.name);
    expect(accounts).toEqual(['Shared only']);
    const csv = await inBook(owner, null, { method: 'GET', url: '/api/export/transactions.csv' });
    expect(csv.statusCode).toBe(200);
    const target = await createBook(owner, 'Restored');
    const restored = await inBook(owner, target, {
      method: 'POST',
      url: '/api/import-backup',
      headers: { 'content-type': 'application/json' },
      payload: backup.body,
    });
    expect(restored.statusCode, restored.body).toBe(201);
    expect(await accountNames(owner, target)).toEqual(['Shared only']);
    expect(await accountNames(owner, null)).not.toContain('Shared only');
  });

  it('answers 404 for a book the caller does not belong to, reading or writing, and writes nothing', async () => {
    const shared = await createBook(owner, 'Private plans');
    const read = await inBook(stranger, shared, { method: 'GET', url: '/api/accounts' });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Book not found.' });
    const write = await inBook(stranger, shared, { method: 'POST', url: '/api/accounts', payload: account('Sneaky', 2) });
    expect(write.statusCode).toBe(404);
    expect(await countAccounts(shared)).toBe(0);
    expect((await inBook(stranger, 999_999, { method: 'GET', url: '/api/accounts' })).statusCode).toBe(404);
  });

  it('answers 400 for a header that is not a book id', async () => {
    for (const value of ['abc', '0', '-1', '1.0', '0x3', '1e2', '12345678901234567890']) {
      const response = await inBook(owner, value, { method: 'GET', url: '/api/accounts' });
      expect(response.statusCode, value).toBe(400);
      expect(response.json<{ message: string }>().message).toBe('The Mindspend-Book header must be the id of a book you belong to.');
    }
  });

  it('lets a viewer read the book but refuses every write with 403, writing nothing', async () => {
    const shared = await createBook(owner, 'Viewed');
    await inBook(owner, shared, { method: 'POST', url: '/api/accounts', payload: account('Joint', 2) });
    await addMember(shared, partner, 'viewer');
    expect(await accountNames(partner, shared)).toEqual(['Joint']);
    const writes: InjectOptions[] = [
      { method: 'POST', url: '/api/accounts', payload: account('Mine now', 2) },
      { method: 'POST', url: '/api/goals', payload: { name: 'Trip', target_amount: 100, target_date: '2027-01-01' } },
      { method: 'POST', url: '/api/notifications/read', payload: { up_to_id: 1_000 } },
    ];
    for (const write of writes) {
      const response = await inBook(partner, shared, write);
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(response.json()).toEqual({ message: READ_ONLY_BOOK_MESSAGE });
    }
    expect(await countAccounts(shared)).toBe(1);
    const rename = await asUser(t.app, partner.token, { method: 'PATCH', url: `/api/books/${shared}`, payload: { name: 'Ours' } });
    expect(rename.statusCode).toBe(403);
    // Their own personal book is untouched by the role they hold elsewhere.
    expect((await inBook(partner, null, { method: 'POST', url: '/api/accounts', payload: account('Own', 2) })).statusCode).toBe(201);
  });

  it('lets an editor write the data but not rename or delete the book', async () => {
    const shared = await createBook(owner, 'Edited');
    await addMember(shared, partner, 'editor');
    const created = await inBook(partner, shared, { method: 'POST', url: '/api/accounts', payload: account('Groceries card', 3) });
    expect(created.statusCode, created.body).toBe(201);
    expect(await accountNames(owner, shared)).toEqual(['Groceries card']);
    for (const request of [
      { method: 'PATCH', url: `/api/books/${shared}`, payload: { name: 'Taken over' } },
      { method: 'DELETE', url: `/api/books/${shared}` },
    ] as const) {
      const response = await asUser(t.app, partner.token, request);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: BOOK_OWNER_ONLY });
    }
    expect((await booksOf(owner)).find((book) => book.id === shared)?.name).toBe('Edited');
  });

  it('shuts a removed member out at once', async () => {
    const shared = await createBook(owner, 'Left');
    await addMember(shared, partner, 'editor');
    expect((await inBook(partner, shared, { method: 'GET', url: '/api/accounts' })).statusCode).toBe(200);
    await t.database.db.deleteFrom('book_members').where('book_id', '=', shared).where('user_id', '=', partner.userId).execute();
    expect((await inBook(partner, shared, { method: 'GET', url: '/api/accounts' })).statusCode).toBe(404);
    const write = await inBook(partner, shared, { method: 'POST', url: '/api/accounts', payload: account('Late', 2) });
    expect(write.statusCode).toBe(404);
    expect(await countAccounts(shared)).toBe(0);
  });

  it('renames a book for its owner, and deletes a shared book with everything in it', async () => {
    const shared = await createBook(owner, 'Old name');
    const renamed = await asUser(t.app, owner.token, { method: 'PATCH', url: `/api/books/${shared}`, payload: { name: 'New name' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: shared, name: 'New name', role: 'owner', personal: false });
    await inBook(owner, shared, { method: 'POST', url: '/api/accounts', payload: account('Gone soon', 2) });
    expect((await asUser(t.app, owner.token, { method: 'DELETE', url: `/api/books/${shared}` })).statusCode).toBe(204);
    expect(await countAccounts(shared)).toBe(0);
    expect((await inBook(owner, shared, { method: 'GET', url: '/api/accounts' })).statusCode).toBe(404);
    expect((await asUser(t.app, stranger.token, { method: 'PATCH', url: `/api/books/${shared}`, payload: { name: 'x' } })).statusCode).toBe(404);
  });

  it('never deletes a personal book', async () => {
    const response = await asUser(t.app, owner.token, { method: 'DELETE', url: `/api/books/${owner.bookId}` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: PERSONAL_BOOK_UNDELETABLE });
    expect((await booksOf(owner))[0]).toMatchObject({ id: owner.bookId, personal: true });
  });

  it('hands a shared book on when its owner deletes their account, and deletes the books they kept alone', async () => {
    const leaving = await registerUser(t.app, 'books-leaving@example.com');
    const stays = await registerUser(t.app, 'books-stays@example.com');
    const together = await createBook(leaving, 'Together');
    const alone = await createBook(leaving, 'Alone');
    await inBook(leaving, together, { method: 'POST', url: '/api/accounts', payload: account('Joint savings', 1) });
    await inBook(leaving, alone, { method: 'POST', url: '/api/accounts', payload: account('Solo', 1) });
    await addMember(together, stays, 'editor');
    const deleted = await asUser(t.app, leaving.token, {
      method: 'DELETE',
      url: `/api/users/${leaving.userId}`,
      payload: { current_password: STRONG_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const books = await booksOf(stays);
    expect(books.find((book) => book.id === together)).toMatchObject({ role: 'owner', members: [expect.objectContaining({ user_id: stays.userId })] });
    expect(await accountNames(stays, together)).toEqual(['Joint savings']);
    const left = await t.database.db.selectFrom('books').select('id').where('id', 'in', [alone, leaving.bookId]).execute();
    expect(left).toEqual([]);
    expect(await countAccounts(alone)).toBe(0);
  });
});
