/**
 * The tenant seam (issue 25; docs/DECISIONS.md #73): whose data a request reads and writes. Every
 * row of money data belongs to a *book*; a signed-in person acts in one book at a time (their
 * personal book, or the one the `Mindspend-Book` header names), with the role their membership
 * gives them. The auth plugin resolves the scope once per request (`resolveBook`); services pass
 * `scope.bookId` to the repos, which filter every query by `book_id`, and run every write through
 * `writeInBook`, which checks under the book's lock that the person may still write there.
 *
 * Nothing else decides which book a row belongs to: a repo never reads `users` to find data.
 */
import { type CurrencyCode, USD, isCurrencyCode } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { HttpError } from '../lib/http-errors';
import { type WriteDeps, type WriteOptions, writeLocked } from './locked-writes';
import type { BookRole, Database } from './schema';

/** The person acting, the book they act in, and their own clock. */
export interface BookScope {
  /** The book whose rows are read and written. */
  bookId: number;
  /** The signed-in person (or, for a background job, the person who started it). */
  userId: number;
  /** The person's IANA time zone (DECISIONS.md #85): "today" is theirs, even in a shared book. */
  timeZone: string;
  /**
   * Other members' private accounts in this book (DECISIONS.md #84): rows of these accounts are
   * not this person's to see, count or touch. Always empty in a personal book, which has no one else.
   */
  hiddenAccountIds: readonly number[];
}

/** A request's scope with what the auth plugin read of the book alongside it. */
export interface RequestBook extends BookScope {
  role: BookRole;
  /** True for the person's own personal book. */
  personal: boolean;
  /** The book's revisions when the request began: the answer cache's keys (DECISIONS.md #22). */
  dataRevision: number;
  feelingsRevision: number;
}

/** Roles that may change a book's data. */
const WRITING_ROLES: ReadonlySet<BookRole> = new Set(['owner', 'editor']);

/** The message a viewer's write answers with. */
export const READ_ONLY_BOOK_MESSAGE = 'You can only view this book: ask its owner to make you an editor.';

/**
 * Runs `work` in one transaction holding the book's write lock (locked-writes.ts), after checking
 * inside it that the person is still a member who may write: a member removed, or made a viewer,
 * while a write of theirs waited for the lock writes nothing (403), whatever process it ran on.
 */
export function writeInBook<T>(
  deps: WriteDeps,
  scope: BookScope,
  work: (trx: Kysely<Database>) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  return writeLocked(
    deps,
    'book',
    scope.bookId,
    async (trx) => {
      const role = await memberRole(trx, scope);
      if (!role) throw new HttpError(404, 'Book not found.');
      if (!WRITING_ROLES.has(role)) throw new HttpError(403, READ_ONLY_BOOK_MESSAGE);
      return work(trx);
    },
    options,
  );
}

/** The person's role in the book, or undefined when they are not a member. */
export async function memberRole(db: Kysely<Database>, scope: Pick<BookScope, 'bookId' | 'userId'>): Promise<BookRole | undefined> {
  const row = await db
    .selectFrom('book_members')
    .select('role')
    .where('book_id', '=', scope.bookId)
    .where('user_id', '=', scope.userId)
    .executeTakeFirst();
  return row?.role;
}

/**
 * The book a signed-in person acts in: `requestedBookId` when given and they are a member of it,
 * else their personal book. Undefined when they are not a member of the requested book (the
 * caller answers 404, as for any id of someone else's).
 */
export async function resolveBook(
  db: Kysely<Database>,
  user: { id: number; time_zone: string },
  requestedBookId: number | undefined,
): Promise<RequestBook | undefined> {
  const userId = user.id;
  let query = db
    .selectFrom('book_members')
    .innerJoin('books', 'books.id', 'book_members.book_id')
    .select(['books.id', 'books.personal_user_id', 'books.data_revision', 'books.feelings_revision', 'book_members.role'])
    .where('book_members.user_id', '=', userId);
  query =
    requestedBookId === undefined
      ? query.where('books.personal_user_id', '=', userId)
      : query.where('book_members.book_id', '=', requestedBookId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const personal = row.personal_user_id === userId;
  return {
    bookId: row.id,
    userId,
    timeZone: user.time_zone,
    hiddenAccountIds: personal ? [] : await othersPrivateAccounts(db, row.id, userId),
    role: row.role,
    personal,
    dataRevision: row.data_revision,
    feelingsRevision: row.feelings_revision,
  };
}

/** The book's accounts that are private to members other than `userId`, by id. */
export async function othersPrivateAccounts(db: Kysely<Database>, bookId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('book_id', '=', bookId)
    .where('private_user_id', 'is not', null)
    .where('private_user_id', '!=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The scope of work a person started and a job finishes later (an import, a bank sync): the same
 * as a request of theirs would have, other members' private accounts hidden as of now.
 */
export async function jobScope(db: Kysely<Database>, bookId: number, user: { id: number; time_zone: string }): Promise<BookScope> {
  return { bookId, userId: user.id, timeZone: user.time_zone, hiddenAccountIds: await othersPrivateAccounts(db, bookId, user.id) };
}

/**
 * The currency a book's amounts are in (DECISIONS.md #87), for what the server writes about them
 * (notices, e-mails); USD for a book it cannot find, as every book was before.
 */
export async function bookCurrency(db: Kysely<Database>, bookId: number): Promise<CurrencyCode> {
  const row = await db.selectFrom('books').select('base_currency').where('id', '=', bookId).executeTakeFirst();
  return row !== undefined && isCurrencyCode(row.base_currency) ? row.base_currency : USD;
}

/**
 * The currency an account's amounts are in (DECISIONS.md #90): what an import checks a statement's
 * currency against (DECISIONS.md #91). An account not in the book answers the book's currency, as
 * bookCurrency does for a book it cannot find.
 */
export async function accountCurrency(db: Kysely<Database>, bookId: number, accountId: number): Promise<CurrencyCode> {
  const row = await db.selectFrom('accounts').select('currency').where('id', '=', accountId).where('book_id', '=', bookId).executeTakeFirst();
  return row !== undefined && isCurrencyCode(row.currency) ? row.currency : bookCurrency(db, bookId);
}
