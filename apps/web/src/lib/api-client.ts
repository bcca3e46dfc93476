/**
 * The one HTTP client of the web app. It talks to the server under /api, adds the bearer token and
 * the chosen book's header (./book.ts), turns failures into ApiError (messages per spec §8) and
 * signs the user out when the server says the token is no longer valid (401 'Unauthenticated.').
 * The app calls it by route name through ./api-routes.ts, which builds the URLs from the route table.
 */
import { bookHeaders, chosenBookId, noteBookAnswer } from './book';
import { catalogueMessages, fieldErrorsOf, messageOf, networkFailureMessage, type FieldErrorMap } from './errors';
import { SAVED_AT_HEADER } from './offline/cached-reads';
import { noteLiveAnswer, noteSavedAnswer } from './offline/saved-answers';
import { endSession, getSession } from './session';

export const UNAUTHENTICATED = 'Unauthenticated.';

/** A failed request: HTTP status, parsed body, and the messages spec §8 says to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Spec §8 catalogue messages (422 list de-duplicated, 'Invalid input.', 'Unexpected error occurred.'). */
  readonly messages: string[];
  /** Field → messages of a 422 answer ({} otherwise). */
  readonly fieldErrors: FieldErrorMap;
  /** The body's own `message`, when it has one (e.g. login's 401 text). */
  readonly serverMessage: string | null;

  constructor(status: number, body: unknown, messages = catalogueMessages(status, body)) {
    super(messages.join(' '));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.messages = messages;
    this.fieldErrors = fieldErrorsOf(body);
    this.serverMessage = messageOf(body);
  }
}

/**
 * The request never reached the server (offline, or the server unreachable): status 0 and one
 * plain message that says a connection is needed (DECISIONS.md #35), instead of spec §8's
 * 'Unexpected error occurred.', which would suggest something broke.
 */
export class NetworkError extends ApiError {
  constructor(method: string) {
    super(0, null, [networkFailureMessage(method, navigator.onLine)]);
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Skip the Authorization header and the 401 sign-out. */
  skipAuth?: boolean;
  /** Send this token instead of the session's and never sign out on 401 (logout: spec §7). */
  token?: string;
  /**
   * Send no Mindspend-Book header: the call is about the person's books themselves (their path
   * names the book), which a stale choice must not turn into a 404.
   */
  withoutBook?: boolean;
  /**
   * Send this book's header instead of the chosen one: an entry kept on the device while offline
   * goes to the book it was typed in, whichever is chosen when it is sent.
   */
  bookId?: number | null;
  signal?: AbortSignal;
  /**
   * Sent as the Idempotency-Key header: a write sent again with the same key (a retry after a
   * lost answer) gets the first answer and writes nothing again (DECISIONS.md #101).
   */
  idempotencyKey?: string;
}

type UnauthenticatedHandler = () => void;
let onUnauthenticated: UnauthenticatedHandler = () => undefined;

/** Where to go after a 401 sign-out; the router registers its navigation here. */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler): void {
  onUnauthenticated = handler;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The book a request is about: none for one signed with a token of its own (sign-in, logout). */
function bookOfRequest(options: RequestOptions): number | null {
  if (options.skipAuth || options.withoutBook || options.token !== undefined) return null;
  return options.bookId !== undefined ? options.bookId : chosenBookId();
}

/**
 * Sends one request to `url` (an `/api/…` URL with its query string, which ./api-routes.ts builds
 * from the route table) and resolves with its parsed JSON body (null for 204), unchecked.
 */
export async function requestApi(url: string, options: RequestOptions = {}): Promise<unknown> {
  const bookId = bookOfRequest(options);
  const headers: Record<string, string> = { Accept: 'application/json', ...bookHeaders(bookId) };
  const token = options.token ?? getSession().token;
  if (token && !options.skipAuth) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;

  const method = options.method ?? 'GET';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(method);
  }

  const body = await readBody(response);
  if (response.ok) {
    // The service worker stamps the answers it gives from the device (lib/offline/).
    const savedAt = response.headers.get(SAVED_AT_HEADER);
    if (savedAt) noteSavedAnswer(savedAt);
    else if (method === 'GET') noteLiveAnswer();
    return body;
  }

  const error = new ApiError(response.status, body);
  noteBookAnswer(bookId, response.status, error.serverMessage);
  const handlesSignOut = !options.skipAuth && options.token === undefined;
  if (response.status === 401 && handlesSignOut && error.serverMessage === UNAUTHENTICATED) {
    console.warn('401 Unauthenticated: token might be expired');
    if (getSession().token) {
      endSession();
      onUnauthenticated();
    }
  }
  throw error;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, else `fallback`. */
export function downloadFileName(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** A file the server answered: its bytes and the name its Content-Disposition gives. */
export interface FetchedFile {
  blob: Blob;
  name: string;
}

/**
 * Fetches a file from `url` (an `/api/…` URL: ./api-routes.ts) with the bearer token and the
 * chosen book's header, which a plain link or an <img src> cannot send. Failures throw ApiError
 * like every other call.
 */
export async function fetchFile(url: string, fallbackName: string, signal?: AbortSignal): Promise<FetchedFile> {
  const bookId = chosenBookId();
  const headers: Record<string, string> = bookHeaders(bookId);
  const { token } = getSession();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('GET');
  }
  if (!response.ok) {
    const error = new ApiError(response.status, await readBody(response));
    noteBookAnswer(bookId, response.status, error.serverMessage);
    throw error;
  }
  return { blob: await response.blob(), name: downloadFileName(response.headers.get('Content-Disposition'), fallbackName) };
}

/**
 * Fetches a file from `url` (./api-routes.ts downloadRoute) and saves it through a temporary Blob
 * URL; resolves with the saved name.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const { blob, name } = await fetchFile(url, fallbackName);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the URL to the browser's download by then.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  return name;
}
