/**
 * The book this tab acts in (issue 25, DECISIONS.md #73). Every API request names it with the
 * `Mindspend-Book` header, except for the person's personal book, which the server takes when no
 * header is sent. The choice is remembered on this device per person (localStorage, keyed by the
 * user's id), so someone else signing in here starts in their own personal book.
 *
 * Each tab keeps the book it started with until it is switched there: a switch in another tab does
 * not move a form that is being filled in here to another book. A chosen book that is gone (no
 * longer in GET /api/books, or a request answered 404 'Book not found.') is dropped, back to the
 * personal book.
 */
import { BOOK_HEADER, BOOK_NOT_FOUND } from './book-header';
import { createExternalStore } from './external-store';
import { getSession, subscribeSession } from './session';

const KEY_PREFIX = 'mindspend.book.';

export interface ChosenBook {
  /** Whose choice it is: the signed-in user's id, null when signed out. */
  userId: number | null;
  /** The book this tab acts in; null for the personal book, which is named by sending no header. */
  bookId: number | null;
}

/** localStorage key of a person's choice on this device. */
export function chosenBookKey(userId: number): string {
  return `${KEY_PREFIX}${userId}`;
}

function readStoredChoice(userId: number | null): number | null {
  if (userId === null) return null;
  try {
    const raw = window.localStorage.getItem(chosenBookKey(userId));
    return raw !== null && /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : null;
  } catch {
    // Blocked storage: the personal book, and the choice lasts until the page reloads.
    return null;
  }
}

function writeStoredChoice(userId: number, bookId: number | null): void {
  try {
    if (bookId === null) window.localStorage.removeItem(chosenBookKey(userId));
    else window.localStorage.setItem(chosenBookKey(userId), String(bookId));
  } catch {
    // as above
  }
}

function choiceOfSignedInUser(): ChosenBook {
  const userId = getSession().user?.id ?? null;
  return { userId, bookId: readStoredChoice(userId) };
}

/** What useChosenBook reads. */
export const chosenBookStore = createExternalStore<ChosenBook>(choiceOfSignedInUser(), {
  equals: (current, next) => current.userId === next.userId && current.bookId === next.bookId,
});

// Another person signed in (or out): their own choice. The same person's session re-read (a
// profile change, another tab) keeps this tab's book.
subscribeSession(() => {
  if ((getSession().user?.id ?? null) !== chosenBookStore.get().userId) chosenBookStore.set(choiceOfSignedInUser());
});

const switchListeners = new Set<() => void>();

/** The book requests name now; null for the personal book. */
export function chosenBookId(): number | null {
  return chosenBookStore.get().bookId;
}

/** The header that names `bookId` (the chosen book by default); none for the personal book. */
export function bookHeaders(bookId: number | null = chosenBookId()): Record<string, string> {
  return bookId === null ? {} : { [BOOK_HEADER]: String(bookId) };
}

/**
 * Acts in `bookId` from now on (null: the personal book) and remembers it on this device for the
 * signed-in person. The switch listeners run, so nothing read in the previous book stays shown.
 */
export function chooseBook(bookId: number | null): void {
  const { userId, bookId: current } = chosenBookStore.get();
  if (current === bookId) return;
  if (userId !== null) writeStoredChoice(userId, bookId);
  chosenBookStore.set({ userId, bookId });
  for (const listener of switchListeners) listener();
}

/** Calls `listener` after every switch of book in this tab; returns the function that stops it. */
export function onBookSwitch(listener: () => void): () => void {
  switchListeners.add(listener);
  return () => {
    switchListeners.delete(listener);
  };
}

/**
 * The person's books as GET /api/books just listed them: a chosen book that is no longer among
 * them is dropped, and a chosen personal book is named by sending no header.
 */
export function keepChosenBookAmong(books: readonly { id: number; personal: boolean }[]): void {
  const bookId = chosenBookId();
  if (bookId === null) return;
  const book = books.find((candidate) => candidate.id === bookId);
  if (!book || book.personal) chooseBook(null);
}

/**
 * After a failed request that named `sentBookId`: a 404 'Book not found.' means the person no
 * longer belongs to it (deleted, or removed from it), so the tab goes back to the personal book.
 */
export function noteBookAnswer(sentBookId: number | null, status: number, message: string | null): void {
  if (sentBookId === null || status !== 404 || message !== BOOK_NOT_FOUND) return;
  if (chosenBookId() === sentBookId) chooseBook(null);
}
