import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, requestApi, setUnauthenticatedHandler } from './api-client';
import { SAVED_AT_HEADER } from './offline/cached-reads';
import { noteLiveAnswer, savedAnswersStore } from './offline/saved-answers';
import { INVALID_INPUT, UNEXPECTED_ERROR } from './errors';
import { endSession, getSession, startSession } from './session';
import { readNotifications, saveNotifications } from './storage';
import { testUser } from './test-user';

type FetchArgs = [string, RequestInit];

function mockFetch(status: number, body: unknown): ReturnType<typeof vi.fn> {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : text, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function lastCall(fetchMock: ReturnType<typeof vi.fn>): FetchArgs {
  const call = fetchMock.mock.calls.at(-1) as FetchArgs | undefined;
  if (!call) throw new Error('fetch was not called');
  return call;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('API client', () => {
  const onUnauthenticated = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    endSession();
    onUnauthenticated.mockReset();
    setUnauthenticatedHandler(onUnauthenticated);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends JSON to /api with the bearer token and returns the parsed body', async () => {
    startSession('secret-token', testUser(), true);
    const fetchMock = mockFetch(200, { date: '2026-05-03', year: 2026, month: 5, day: 3 });
    const month = await requestApi('/api/contact', { method: 'POST', body: { reason: 'general', body: 'Hi' } });
    expect(month).toMatchObject({ month: 5 });
    const [url, init] = lastCall(fetchMock);
    expect(url).toBe('/api/contact');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ reason: 'general', body: 'Hi' }));
  });

  it('sends the Idempotency-Key it is given, and none otherwise', async () => {
    startSession('secret-token', testUser(), true);
    const fetchMock = mockFetch(201, { id: 1 });
    await requestApi('/api/accounts/1/transactions', { method: 'POST', body: {}, idempotencyKey: 'add-1' });
    expect((lastCall(fetchMock)[1].headers as Record<string, string>)['Idempotency-Key']).toBe('add-1');
    await requestApi('/api/accounts/1/transactions', { method: 'POST', body: {} });
    expect((lastCall(fetchMock)[1].headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
  });

  it('sends no Authorization header when signed out or when asked to skip it', async () => {
    const fetchMock = mockFetch(200, {});
    await requestApi('/api/month');
    expect((lastCall(fetchMock)[1].headers as Record<string, string>).Authorization).toBeUndefined();
    startSession('tok', testUser(), true);
    await requestApi('/api/login', { method: 'POST', body: { email: 'a', password: 'b' }, skipAuth: true });
    expect((lastCall(fetchMock)[1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('resolves a 204 answer with null', async () => {
    mockFetch(204, undefined);
    await expect(requestApi('/api/users/7', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('turns a 422 into its de-duplicated messages and field errors', async () => {
    mockFetch(422, {
      message: 'Invalid',
      errors: { email: ['Email is invalid.'], password_confirmation: ['Email is invalid.', 'No match.'] },
    });
    const error = await failure(requestApi('/api/register', { method: 'POST', body: {} }));
    expect(error.status).toBe(422);
    expect(error.messages).toEqual(['Email is invalid.', 'No match.']);
    expect(error.fieldErrors.email).toEqual(['Email is invalid.']);
  });

  it('a 422 whose body is not an object gives "Invalid input."', async () => {
    mockFetch(422, 'bad');
    expect((await failure(requestApi('/api/register', { method: 'POST', body: {} }))).messages).toEqual([INVALID_INPUT]);
  });

  it('other failures give "Unexpected error occurred." and keep the server message', async () => {
    mockFetch(429, { message: 'Too many requests, please try again later.' });
    const error = await failure(requestApi('/api/login', { method: 'POST', body: {} }));
    expect(error.messages).toEqual([UNEXPECTED_ERROR]);
    expect(error.serverMessage).toBe('Too many requests, please try again later.');
  });

  it('a write that cannot reach the server says it needs a connection and that nothing typed was lost', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await failure(requestApi('/api/transactions', { method: 'POST', body: { amount: '12.50' } }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(0);
    expect(error.messages).toEqual(["You're offline — this needs a connection. Nothing you typed was lost."]);
    expect(error.messages).not.toContain(UNEXPECTED_ERROR);
  });

  it('a read that cannot reach a server that is down says so, without blaming the connection', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect((await failure(requestApi('/api/month'))).messages).toEqual([
      "Can't reach Mindspend right now — this needs a connection, and nothing was saved on this device for it.",
    ]);
  });

  it('notes an answer the service worker gave from the device, and forgets it when a live one arrives', async () => {
    noteLiveAnswer();
    const savedAt = '2026-11-20T09:15:00.000Z';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200, headers: { [SAVED_AT_HEADER]: savedAt } })),
    );
    await requestApi('/api/accounts');
    expect(savedAnswersStore.get().oldestSavedAt?.toISOString()).toBe(savedAt);
    mockFetch(200, []);
    await requestApi('/api/accounts');
    expect(savedAnswersStore.get().oldestSavedAt).toBeNull();
  });

  it('signs out on 401 "Unauthenticated.": token, user and notifications cleared, handler called', async () => {
    startSession('revoked', testUser(), true);
    saveNotifications([{ id: 1, title: 't', message: 'm', read_at: null, created_at: 'c' }]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(401, { message: 'Unauthenticated.' });
    await failure(requestApi('/api/user'));
    expect(getSession()).toEqual({ token: null, user: null });
    expect(readNotifications()).toEqual([]);
    expect(localStorage.length).toBe(0);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a 401 with another message (wrong password at login)', async () => {
    startSession('tok', testUser(), true);
    mockFetch(401, { message: 'These credentials do not match our records.' });
    const error = await failure(requestApi('/api/users/change-password', { method: 'POST', body: {} }));
    expect(error.serverMessage).toBe('These credentials do not match our records.');
    expect(getSession().token).toBe('tok');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('logout sends the given token and never triggers the sign-out handler', async () => {
    const fetchMock = mockFetch(401, { message: 'Unauthenticated.' });
    await failure(requestApi('/api/logout', { method: 'POST', body: {}, token: 'old-token' }));
    expect((lastCall(fetchMock)[1].headers as Record<string, string>).Authorization).toBe('Bearer old-token');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});
