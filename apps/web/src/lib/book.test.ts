import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, downloadFile, requestApi } from './api-client';
import { chooseBook, chosenBookId, chosenBookKey, keepChosenBookAmong, onBookSwitch } from './book';
import { BOOK_HEADER, BOOK_NOT_FOUND } from './book-header';
import { runEventStream } from './events';
import { queryClient } from './query-client';
import { endSession, startSession } from './session';
import { readNotifications, saveNotifications } from './storage';
import { testUser } from './test-user';
import { uploadForm } from './upload';

type Headers = Record<string, string>;

/** A whole import job as the upload answers it (checked against the contract in tests). */
const queuedImport = {
  id: 1, account_id: 3, file_name: 'a.csv', status: 'queued', progress: 0, rows_read: 0, rows_imported: 0,
  duplicates_skipped: 0, categorized: 0, rows_skipped: 0, skipped: [], notice: null, needs_mapping: false, columns: [], column_samples: [], has_header: true, needs_confirmation: false, question: null, notes: [],
  error: null, created_at: '2026-11-01T10:00:00.000Z', finished_at: null,
};

function mockFetch(status: number, body: unknown): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof vi.fn>): Headers {
  const call = fetchMock.mock.calls.at(-1) as [string, RequestInit] | undefined;
  if (!call) throw new Error('fetch was not called');
  return call[1].headers as Headers;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const ADA = testUser({ id: 7, email: 'ada@example.com' });
const BOB = testUser({ id: 8, email: 'bob@example.com' });

describe('the book requests act in', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    endSession();
    startSession('ada-token', ADA, true);
  });

  afterEach(() => {
    chooseBook(null);
    endSession();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends no Mindspend-Book header while the personal book is chosen', async () => {
    const fetchMock = mockFetch(200, []);
    await requestApi('/api/accounts');
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBeUndefined();
    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer ada-token');
  });

  it('sends the chosen book on every call, and remembers it on this device for this person', async () => {
    const fetchMock = mockFetch(200, {});
    chooseBook(12);
    await requestApi('/api/accounts');
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBe('12');
    await requestApi('/api/accounts', { method: 'POST', body: { name: 'Joint' } });
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBe('12');
    await requestApi('/api/goals/3', { method: 'PATCH', body: { name: 'Bike' } });
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBe('12');
    await requestApi('/api/accounts/4', { method: 'PUT', body: { name: 'Joint' } });
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBe('12');
    await requestApi('/api/accounts/4', { method: 'DELETE' });
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBe('12');
    expect(localStorage.getItem(chosenBookKey(ADA.id))).toBe('12');

    chooseBook(null);
    await requestApi('/api/accounts');
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBeUndefined();
    expect(localStorage.getItem(chosenBookKey(ADA.id))).toBeNull();
  });

  it('sends no book with a call about the books themselves, nor with sign-in and logout', async () => {
    const fetchMock = mockFetch(200, {});
    chooseBook(12);
    await requestApi('/api/books', { withoutBook: true });
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBeUndefined();
    await requestApi('/api/login', { method: 'POST', body: { email: 'a', password: 'b' }, skipAuth: true });
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBeUndefined();
    await requestApi('/api/logout', { method: 'POST', body: {}, token: 'ada-token' });
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBeUndefined();
  });

  it('is not inherited by another person signing in on the same device, and comes back with its owner', async () => {
    const fetchMock = mockFetch(200, {});
    chooseBook(12);
    endSession();
    expect(chosenBookId()).toBeNull();

    startSession('bob-token', BOB, true);
    await requestApi('/api/accounts');
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBeUndefined();

    endSession();
    startSession('ada-token-2', ADA, false);
    await requestApi('/api/accounts');
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBe('12');
  });

  it('drops a chosen book that GET /api/books no longer lists, and sends a chosen personal book as none', () => {
    chooseBook(12);
    keepChosenBookAmong([
      { id: 3, personal: true },
      { id: 12, personal: false },
    ]);
    expect(chosenBookId()).toBe(12);

    keepChosenBookAmong([{ id: 3, personal: true }]);
    expect(chosenBookId()).toBeNull();
    expect(localStorage.getItem(chosenBookKey(ADA.id))).toBeNull();

    chooseBook(3);
    keepChosenBookAmong([{ id: 3, personal: true }]);
    expect(chosenBookId()).toBeNull();
  });

  it('drops the chosen book when a request naming it answers 404 Book not found, and only then', async () => {
    chooseBook(12);
    mockFetch(404, { message: 'Account not found.' });
    await failureOf(requestApi('/api/accounts/99'));
    expect(chosenBookId()).toBe(12);

    mockFetch(404, { message: BOOK_NOT_FOUND });
    await failureOf(requestApi('/api/books/40', { method: 'DELETE', withoutBook: true }));
    expect(chosenBookId()).toBe(12);

    const fetchMock = mockFetch(404, { message: BOOK_NOT_FOUND });
    const error = await failureOf(requestApi('/api/accounts'));
    expect(error.status).toBe(404);
    expect(chosenBookId()).toBeNull();
    await failureOf(requestApi('/api/accounts'));
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBeUndefined();
  });

  it('starts every query over on a switch, so nothing of the previous book stays shown', async () => {
    const switches = vi.fn();
    const stop = onBookSwitch(switches);
    queryClient.setQueryData(['accounts', 'list'], [{ id: 1, name: 'Personal checking' }]);
    saveNotifications([{ id: 5, title: 'Regret radar', message: 'Coffee', created_at: '', read_at: null } as never]);

    chooseBook(12);
    expect(switches).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['accounts', 'list'])).toBeUndefined();
    expect(readNotifications()).toEqual([]);

    chooseBook(12);
    expect(switches).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sends the chosen book with downloads, uploads and the event stream', async () => {
    chooseBook(12);
    const fetchMock = vi.fn(async () => new Response('date,amount\n', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    await downloadFile('/api/export/transactions.csv', 'transactions.csv');
    expect(sentHeaders(fetchMock)[BOOK_HEADER]).toBe('12');

    const sent: Headers = {};
    class FakeXhr {
      status = 202;
      responseText = JSON.stringify(queuedImport);
      upload = {};
      onload: (() => void) | null = null;
      open(): void {}
      setRequestHeader(name: string, value: string): void {
        sent[name] = value;
      }
      send(): void {
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await uploadForm('uploadStatement', new FormData());
    expect(sent[BOOK_HEADER]).toBe('12');
    expect(sent.Authorization).toBe('Bearer ada-token');

    const controller = new AbortController();
    const streamCalls: RequestInit[] = [];
    await runEventStream({
      token: 'ada-token',
      bookId: 12,
      signal: controller.signal,
      onEvent: () => undefined,
      fetchImpl: (async (_url: string | URL | Request, init?: RequestInit) => {
        streamCalls.push(init ?? {});
        controller.abort();
        return new Response(null, { status: 401 });
      }) as typeof fetch,
    });
    expect((streamCalls[0]?.headers as Headers)[BOOK_HEADER]).toBe('12');
  });

  it('goes back to the personal book when an upload or the event stream meets a book that is gone', async () => {
    chooseBook(12);
    class GoneXhr {
      status = 404;
      responseText = JSON.stringify({ message: BOOK_NOT_FOUND });
      upload = {};
      onload: (() => void) | null = null;
      open(): void {}
      setRequestHeader(): void {}
      send(): void {
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', GoneXhr);
    await expect(uploadForm('uploadStatement', new FormData())).rejects.toBeInstanceOf(ApiError);
    expect(chosenBookId()).toBeNull();

    chooseBook(13);
    const controller = new AbortController();
    await runEventStream({
      token: 'ada-token',
      bookId: 13,
      signal: controller.signal,
      onEvent: () => undefined,
      sleep: async () => controller.abort(),
      fetchImpl: (async () => new Response(JSON.stringify({ message: BOOK_NOT_FOUND }), { status: 404 })) as typeof fetch,
    });
    expect(chosenBookId()).toBeNull();
  });
});
