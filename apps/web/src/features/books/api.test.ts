import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Book } from '@mindspend/api-contract';
import { ApiError, requestApi } from '../../lib/api-client';
import { chooseBook, chosenBookId } from '../../lib/book';
import { BOOK_HEADER } from '../../lib/book-header';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { getLedgerSelection, setLedgerSelection } from '../../shared/ledger-shell/ledger-selection';
import { bookFailureMessages, currentBookOf, deleteBook, fetchBooks, memberName, pathAfterSwitch, switchBook } from './api';

const member = { user_id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', role: 'owner' as const, joined_at: '', share_feelings: false };
const personal: Book = { id: 3, name: 'Personal', role: 'owner', personal: true, base_currency: 'USD', members: [member] };
const household: Book = { id: 12, name: 'Household', role: 'owner', personal: false, base_currency: 'USD', members: [member] };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const headersOf = (fetchMock: ReturnType<typeof vi.fn>) =>
  ((fetchMock.mock.calls.at(-1) as [string, RequestInit])[1].headers ?? {}) as Record<string, string>;

describe('books', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    startSession('token', testUser({ id: 7 }), true);
  });

  afterEach(() => {
    chooseBook(null);
    endSession();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists the books without naming one, and keeps a chosen book that is listed', async () => {
    chooseBook(12);
    const fetchMock = answer(200, { books: [personal, household] });
    expect(await fetchBooks()).toEqual([personal, household]);
    expect(headersOf(fetchMock)[BOOK_HEADER]).toBeUndefined();
    expect(chosenBookId()).toBe(12);
  });

  it('goes back to the personal book when the chosen one is no longer listed', async () => {
    chooseBook(12);
    const fetchMock = answer(200, { books: [personal] });
    await fetchBooks();
    expect(chosenBookId()).toBeNull();
    await requestApi('/api/accounts');
    expect(headersOf(fetchMock)[BOOK_HEADER]).toBeUndefined();
  });

  it('switches: the personal book is sent as none, and the ledger forgets the previous book’s account', () => {
    setLedgerSelection({ accountId: 40, month: { year: 2026, month: 5 } });
    switchBook(household);
    expect(chosenBookId()).toBe(12);
    expect(getLedgerSelection()).toEqual({ accountId: null, month: { year: 2026, month: 5 } });
    switchBook(personal);
    expect(chosenBookId()).toBeNull();
  });

  it('deleting the book being worked in goes back to the personal book; another one leaves the choice', async () => {
    chooseBook(12);
    answer(204, null);
    await deleteBook(13);
    expect(chosenBookId()).toBe(12);
    const fetchMock = answer(204, null);
    await deleteBook(12);
    expect(headersOf(fetchMock)[BOOK_HEADER]).toBeUndefined();
    expect(chosenBookId()).toBeNull();
  });

  it('shows the current book: the chosen one, else the personal one', () => {
    expect(currentBookOf([personal, household], null)).toBe(personal);
    expect(currentBookOf([personal, household], 12)).toBe(household);
    expect(currentBookOf([personal], 12)).toBe(personal);
    expect(currentBookOf([], null)).toBeUndefined();
  });

  it('leaves a screen that names a thing of the previous book for its list', () => {
    const may = { year: 2026, month: 5 };
    expect(pathAfterSwitch('/ledger', may)).toBeNull();
    expect(pathAfterSwitch('/ledger/accounts/40/month/5/year/2026', may)).toBeNull();
    expect(pathAfterSwitch('/ledger/edit-transaction/9', may)).toBe('/ledger');
    expect(pathAfterSwitch('/import-transactions', may)).toBe('/ledger');
    expect(pathAfterSwitch('/budgets/4/year/2026/month/5', may)).toBe('/budgets/month/5/year/2026');
    expect(pathAfterSwitch('/edit-budget/4/2026/5', may)).toBe('/budgets/month/5/year/2026');
    expect(pathAfterSwitch('/budgets/month/5/year/2026', may)).toBeNull();
    expect(pathAfterSwitch('/income/3/edit', may)).toBe('/income');
    expect(pathAfterSwitch('/income', may)).toBeNull();
    expect(pathAfterSwitch('/settings', may)).toBeNull();
  });

  it('says the server’s own sentence for a refusal, and names a member by name or e-mail', () => {
    expect(bookFailureMessages(new ApiError(403, { message: 'Only the owner of this book can do that.' }))).toEqual([
      'Only the owner of this book can do that.',
    ]);
    expect(bookFailureMessages(new ApiError(500, { message: 'boom' }))).toEqual(['Unexpected error occurred.']);
    expect(memberName(member)).toBe('Ada Lovelace');
    expect(memberName({ ...member, first_name: null, last_name: ' ' })).toBe('ada@example.com');
  });
});
