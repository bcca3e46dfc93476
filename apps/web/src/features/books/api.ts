/**
 * Books (issue 25, DECISIONS.md #73): the person's books with their members, creating, renaming and
 * deleting one, and switching the book this tab acts in (lib/book.ts sends it with every request).
 */
import { useQuery } from '@tanstack/react-query';
import type {
  Book,
  BookRoleWire,
  CreateBookBody,
  CreateInvitationBody,
  UpdateBookBody,
  UpdateMyMembershipBody,
} from '@mindspend/api-contract';
import { budgetsPath, type YearMonth } from '@mindspend/domain';
import { ApiError } from '../../lib/api-client';
import { callApi } from '../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { chooseBook, chosenBookId, chosenBookStore, keepChosenBookAmong } from '../../lib/book';
import { queryClient } from '../../lib/query-client';
import { useExternalStore } from '../../lib/use-external-store';
import { useSession } from '../../lib/use-session';
import { setLedgerSelection } from '../../shared/ledger-shell/ledger-selection';

export const bookKeys = {
  all: ['books'] as const,
};

// The books' own calls name their book in the path: a chosen book that is gone must not turn the
// list that would drop it into a 404.
const aboutBooks = { withoutBook: true } as const;

/** The person's books, the personal one first; a chosen book no longer among them is dropped. */
export async function fetchBooks(): Promise<Book[]> {
  const { books } = await callApi('listBooks', aboutBooks);
  keepChosenBookAmong(books);
  return books;
}

export const createBook = (body: CreateBookBody) => callApi('createBook', { body, ...aboutBooks });
export const renameBook = (id: number, body: UpdateBookBody) => callApi('updateBook', { params: { id }, body, ...aboutBooks });

/**
 * The book's base currency from now on (its owner; DECISIONS.md #87): every figure of the book is
 * in it. The books are read again, and the rates shown follow the new base.
 */
export async function changeBaseCurrency(id: number, baseCurrency: string): Promise<void> {
  await callApi('updateBook', { params: { id }, body: { base_currency: baseCurrency }, ...aboutBooks });
  await invalidateBooks();
}
const deleteBookCall = (id: number) => callApi('deleteBook', { params: { id }, ...aboutBooks });

/** Mails a single-use link into `bookId` (its owner only; never a personal book: 422). */
export const inviteToBook = (bookId: number, body: CreateInvitationBody) =>
  callApi('inviteToBook', { params: { id: bookId }, body, ...aboutBooks });

/**
 * Changes a member's role (the owner); `owner` hands the book over, the caller becoming an editor.
 * The books are read again: the list carries each book's members and the caller's role.
 */
export async function changeMemberRole(bookId: number, userId: number, role: BookRoleWire): Promise<void> {
  await callApi('updateBookMember', { params: { id: bookId, userId }, body: { role }, ...aboutBooks });
  await invalidateBooks();
}

/**
 * Removes a member (the owner), or the caller themself: leaving. A tab working in a book it left
 * goes back to the personal book.
 */
export async function removeMember(bookId: number, userId: number, { leaving }: { leaving: boolean }): Promise<void> {
  await callApi('removeBookMember', { params: { id: bookId, userId }, ...aboutBooks });
  if (leaving && chosenBookId() === bookId) switchBook({ id: bookId, personal: true });
  else await invalidateBooks();
}

/**
 * The caller's own choices in a book (issue 25): whether the other members see their feelings.
 * Any role may make it; the books are read again, as each book's members carry the choice.
 */
export async function updateMyMembership(bookId: number, body: UpdateMyMembershipBody): Promise<void> {
  await callApi('updateMyBookSettings', { params: { id: bookId }, body, ...aboutBooks });
  await invalidateBooks();
}

/**
 * The person's books. `fresh` reads them again whenever the caller mounts, however recently they
 * were read: Settings shows roles and members, which another member may have changed meanwhile.
 */
export function useBooks({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ queryKey: bookKeys.all, queryFn: fetchBooks, ...(fresh && { refetchOnMount: 'always' as const }) });
}

export function invalidateBooks(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bookKeys.all });
}

/** The id of the book this tab acts in, null for the personal book; re-renders on a switch. */
export function useChosenBookId(): number | null {
  return useExternalStore(chosenBookStore).bookId;
}

/** The book requests act in, among `books`: the chosen one, else the personal one. */
export function currentBookOf(books: readonly Book[], chosenId: number | null): Book | undefined {
  return books.find((book) => (chosenId === null ? book.personal : book.id === chosenId)) ?? books.find((book) => book.personal);
}

/** The book this tab acts in, once the books have loaded; re-renders on a switch. */
export function useCurrentBook(): Book | undefined {
  const books = useBooks();
  const chosenId = useChosenBookId();
  return currentBookOf(books.data ?? [], chosenId);
}

/**
 * Acts in `book` from now on: every query starts over in it (lib/query-client.ts), and the ledger
 * forgets the previous book's account.
 */
export function switchBook(book: Pick<Book, 'id' | 'personal'>): void {
  const bookId = book.personal ? null : book.id;
  if (bookId === chosenBookId()) return;
  setLedgerSelection({ accountId: null });
  chooseBook(bookId);
}

/** Deletes a book; when it was the one this tab acts in, back to the personal book. */
export async function deleteBook(id: number): Promise<void> {
  await deleteBookCall(id);
  if (chosenBookId() === id) switchBook({ id, personal: true });
  else await invalidateBooks();
}

/**
 * Where to go after a switch: a screen that names a thing of the previous book (a transaction, a
 * budget, an income source) goes to its list in the new book; others stay. The ledger's own
 * account address stays too: the ledger replaces an account it does not know with the book's first
 * one, in the same month (spec §2.3). Null: stay where you are.
 */
export function pathAfterSwitch(pathname: string, month: YearMonth): string | null {
  if (pathname === '/ledger' || pathname.startsWith('/ledger/accounts/')) return null;
  if (pathname.startsWith('/ledger/') || pathname.startsWith('/import-transactions') || pathname.startsWith('/import-from-app')) return '/ledger';
  if (/^\/budgets\/\d+\//.test(pathname) || pathname.startsWith('/edit-budget/')) return budgetsPath(month);
  if (/^\/income\/.+/.test(pathname)) return '/income';
  return null;
}

const ROLE_NAMES: Record<BookRoleWire, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

/** 'Owner', 'Editor' or 'Viewer'. */
export const roleName = (role: BookRoleWire): string => ROLE_NAMES[role];

/** A member as people read them: their name, else their e-mail. */
export function memberName(member: Pick<Book['members'][number], 'first_name' | 'last_name' | 'email'>): string {
  const name = [member.first_name, member.last_name].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? member.email : name;
}

/**
 * A member where only their first name travels (their feelings, the Together insights): the
 * name, else `fallback`, as someone may never have given one.
 */
export function firstNameOr(firstName: string | null, fallback: string): string {
  return firstName !== null && firstName.trim() !== '' ? firstName.trim() : fallback;
}

/** A member as feelings and the Together insights name them. */
export interface NamedMember {
  user_id: number;
  first_name: string | null;
}

/**
 * What to call a member of the current book: 'you' for the signed-in person, else the name (or,
 * without one, the e-mail) Settings → Books lists them by; a member no longer listed by their
 * first name or 'a member'. Most people never give a name, so an e-mail beats 'a member'.
 */
export function memberNamer(book: Book | undefined, youId: number | null, fallback = 'a member'): (member: NamedMember) => string {
  const listed = new Map((book?.members ?? []).map((member) => [member.user_id, memberName(member)]));
  return (member) => (member.user_id === youId ? 'you' : (listed.get(member.user_id) ?? firstNameOr(member.first_name, fallback)));
}

/** memberNamer for the current book and the signed-in person. */
export function useMemberNamer(fallback?: string): (member: NamedMember) => string {
  const book = useCurrentBook();
  const youId = useSession().user?.id ?? null;
  return memberNamer(book, youId, fallback);
}

/**
 * What a failed book call says: the server's own sentence for a refusal ('Only the owner of this
 * book can do that.', 'Book not found.'), spec §8's messages otherwise.
 */
export function bookFailureMessages(failure: unknown): string[] {
  if (!(failure instanceof ApiError)) return [UNEXPECTED_ERROR];
  if ((failure.status === 403 || failure.status === 404) && failure.serverMessage) return [failure.serverMessage];
  return failure.messages;
}
