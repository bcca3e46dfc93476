/**
 * Books and their members (issue 25; docs/DECISIONS.md #73): list the caller's books, create a
 * shared one, rename it, change its base currency or delete it (its owner only), and what becomes of shared books when a member's
 * account is deleted.
 */
import {
  BOOK_OWNER_ONLY,
  baseCurrencyWithOtherAccounts,
  PERSONAL_BOOK_UNDELETABLE,
  type Book,
  type CreateBookBody,
  type UpdateBookBody,
} from '@mindspend/api-contract';
import type { Kysely } from 'kysely';
import { type BookScope, memberRole, writeInBook } from '../../db/book-scope';
import { writeLocked } from '../../db/locked-writes';
import type { Database, UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors';
import { deletePrivateAccounts } from '../accounts';
import { presentBooks } from './books.presenter';
import {
  deleteBook,
  deleteMember,
  findBook,
  insertBook,
  listBooksOf,
  listMembersOf,
  otherAccountCurrencies,
  renameBook,
  setBaseCurrency,
  setMemberRole,
  sharedBooksOf,
} from './books.repo';

/** Every book the user belongs to, with its members: the personal book first. */
export async function listBooks(deps: AppDeps, user: UserRow): Promise<Book[]> {
  const books = await listBooksOf(deps.db, user.id);
  const members = await listMembersOf(
    deps.db,
    books.map((book) => book.id),
  );
  return presentBooks(user.id, books, members);
}

/** One of the user's books as GET /books shows it, or 404. */
export async function bookOf(deps: AppDeps, user: UserRow, bookId: number): Promise<Book> {
  const book = (await listBooks(deps, user)).find((candidate) => candidate.id === bookId);
  if (!book) throw notFound('Book');
  return book;
}

/** Creates a book to share; the caller is its owner and, for now, its only member. */
export async function createBook(deps: AppDeps, user: UserRow, body: CreateBookBody): Promise<Book> {
  const now = isoNow(deps.clock);
  const bookId = await deps.db.transaction().execute((trx) => insertBook(trx, { name: body.name, ownerId: user.id, personal: false, now }));
  return bookOf(deps, user, bookId);
}

/**
 * The caller acting on the book the path names (not the one the header names): its name, members
 * and invitations, never its accounts' rows, so no private account needs hiding here.
 */
function bookAdminScope(user: UserRow, bookId: number): BookScope {
  return { bookId, userId: user.id, timeZone: user.time_zone, hiddenAccountIds: [] };
}

/** 403 unless the caller owns the book; checked under the book's lock, after writeInBook's membership check. */
async function requireOwner(trx: Kysely<Database>, scope: BookScope): Promise<void> {
  if ((await memberRole(trx, scope)) !== 'owner') throw new HttpError(403, BOOK_OWNER_ONLY);
}

/**
 * Renames the book, changes its base currency (DECISIONS.md #87), or both: its owner only, as every
 * setting of the book. Manual rates entered in the old base stay with it and count again if it
 * comes back.
 */
export async function updateOwnBook(deps: AppDeps, user: UserRow, bookId: number, body: UpdateBookBody): Promise<Book> {
  const scope = bookAdminScope(user, bookId);
  await writeInBook(deps, scope, async (trx) => {
    await requireOwner(trx, scope);
    const now = isoNow(deps.clock);
    if (body.name !== undefined) await renameBook(trx, bookId, body.name, now);
    if (body.base_currency !== undefined) await changeBaseCurrency(trx, bookId, body.base_currency, now);
  });
  return bookOf(deps, user, bookId);
}

/**
 * A new base currency relabels the book's figures and its accounts follow it, which is only right
 * while every account keeps the old base: an account in another currency would need its figures
 * converted, which is not done yet, so the change is refused naming those currencies.
 */
async function changeBaseCurrency(trx: Kysely<Database>, bookId: number, baseCurrency: string, now: string): Promise<void> {
  const book = await findBook(trx, bookId);
  if (book.base_currency === baseCurrency) return;
  const others = await otherAccountCurrencies(trx, bookId, book.base_currency);
  if (others.length > 0) throw validationFailed({ base_currency: [baseCurrencyWithOtherAccounts(others)] });
  await setBaseCurrency(trx, bookId, baseCurrency, now);
}

/** Deletes a shared book with everything in it; a personal book stays (422). */
export async function deleteOwnBook(deps: AppDeps, user: UserRow, bookId: number): Promise<void> {
  const scope = bookAdminScope(user, bookId);
  await writeInBook(deps, scope, async (trx) => {
    await requireOwner(trx, scope);
    const book = await findBook(trx, bookId);
    if (book.personal_user_id !== null) {
      throw new HttpError(422, PERSONAL_BOOK_UNDELETABLE, { book: [PERSONAL_BOOK_UNDELETABLE] });
    }
    await deleteBook(trx, bookId);
  });
}

/**
 * Before a user's account is deleted: each shared book they were alone in is deleted with its
 * data; in the others their private accounts are deleted and they leave, and a book left without an owner passes to its
 * longest-standing remaining member. Each book under its own lock, so a member's write racing the
 * deletion lands before it or not at all. (The personal book goes with the user: its foreign key.)
 */
export async function releaseSharedBooks(deps: AppDeps, userId: number): Promise<void> {
  for (const { book_id: bookId } of await sharedBooksOf(deps.db, userId)) {
    // The book's lock, not writeInBook: the leaving person's own role does not matter here.
    await writeLocked(deps, 'book', bookId, async (trx) => {
      const members = await listMembersOf(trx, [bookId]);
      const others = members.filter((member) => member.user_id !== userId);
      const first = others[0];
      if (!first) return deleteBook(trx, bookId);
      await deletePrivateAccounts(trx, bookId, userId, isoNow(deps.clock));
      await deleteMember(trx, bookId, userId);
      if (!others.some((member) => member.role === 'owner')) await setMemberRole(trx, bookId, first.user_id, 'owner');
    });
  }
}
