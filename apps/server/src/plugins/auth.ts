/**
 * Bearer-token authentication (DECISIONS.md #3): the token's SHA-256 is looked up with its user.
 * Routes opt in with `preHandler: app.authenticate`, or `app.identify` where sign-in is optional.
 * Personal access tokens (`msp_…`) are looked up in their own table, with their scope checked
 * against the route (plugins/personal-tokens.ts, DECISIONS.md #39).
 * Tokens expire when unused for SESSION_IDLE_DAYS and SESSION_MAX_DAYS after sign-in (DECISIONS.md #27).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { READ_ONLY_BOOK_MESSAGE, type RequestBook, resolveBook } from '../db/book-scope';
import type { UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError, notFound, unauthenticated } from '../lib/http-errors';
import { hashToken, isPersonalToken } from '../lib/tokens';
import { decoratePersonalTokens, identifyByPersonalToken, managesAccount } from './personal-tokens';
import { findSessionByTokenHash, touchSession } from './signed-in-user.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: UserRow | null;
    /** The book the signed-in user acts in (db/book-scope.ts), or null when signed out. */
    book: RequestBook | null;
    /** Hash of the bearer token this request carried, when valid (logout revokes it). */
    tokenHash: string | null;
    /** Id of the session (api_tokens row) of that token: Settings marks it 'This device'. */
    sessionId: number | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    identify(request: FastifyRequest): Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * True on a write route that changes no book data (a preview, a person's own setting): a
     * viewer of the request's book may call it. Unmarked, every signed-in write route outside
     * account management is a book write (deny by default).
     */
    writesNoBookData?: boolean;
  }
}

const DAY_MS = 86_400_000;

/**
 * last_used_at is written at most this often per token. Writing it on every request would turn
 * every read of the app into a database write (a lock on SQLite, WAL traffic on both), for a
 * figure shown to the minute at best; idle expiry is counted in days, so a few minutes of slack
 * cannot keep a token alive noticeably longer.
 */
export const SESSION_TOUCH_MINUTES = 5;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The book a request that passed `authenticate` acts in: its data scope (db/book-scope.ts). */
export function currentBook(request: FastifyRequest): RequestBook {
  if (!request.book) throw unauthenticated();
  return request.book;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A viewer's write to the book's data is refused before the body is read, on every route alike;
 * `writeInBook` checks the role again under the book's lock, which is what makes it hold
 * (db/book-scope.ts, DECISIONS.md #73).
 */
function refusedToViewer(request: FastifyRequest): boolean {
  if (request.book?.role !== 'viewer' || READ_METHODS.has(request.method)) return false;
  return !managesAccount(request) && request.routeOptions.config.writesNoBookData !== true;
}

/** The header that names the book a request acts in; without it, the caller's personal book. */
export const BOOK_HEADER = 'mindspend-book';

/** The book id the request names, undefined when it names none; 400 for a value that is no id. */
function requestedBookId(request: FastifyRequest): number | undefined {
  const value = request.headers[BOOK_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,14}$/.test(value.trim())) {
    throw new HttpError(400, 'The Mindspend-Book header must be the id of a book you belong to.');
  }
  return Number(value.trim());
}

export default fp(async function authPlugin(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('user', null);
  app.decorateRequest('book', null);
  app.decorateRequest('tokenHash', null);
  decoratePersonalTokens(app);
  app.decorateRequest('sessionId', null);

  async function identify(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) return;
    if (isPersonalToken(token)) {
      await identifyByPersonalToken(deps, request, token);
      if (request.user) request.book = await bookOf(request, request.user);
      return;
    }
    const tokenHash = hashToken(token);
    const now = deps.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const session = await findSessionByTokenHash(deps.db, tokenHash, {
      idleSince: ago(deps.config.SESSION_IDLE_DAYS * DAY_MS),
      createdSince: ago(deps.config.SESSION_MAX_DAYS * DAY_MS),
    });
    if (!session) return;
    const touchedBefore = ago(SESSION_TOUCH_MINUTES * 60_000);
    if (session.lastUsedAt < touchedBefore) {
      await touchSession(deps.db, session.sessionId, { now: now.toISOString(), address: request.ip || null }, touchedBefore);
    }
    request.user = session.user;
    request.tokenHash = tokenHash;
    request.sessionId = session.sessionId;
    const { personalBook } = session;
    request.book =
      requestedBookId(request) === undefined
        ? {
            bookId: personalBook.id,
            userId: session.user.id,
            timeZone: session.user.time_zone,
            hiddenAccountIds: [],
            role: 'owner',
            personal: true,
            dataRevision: personalBook.dataRevision,
            feelingsRevision: personalBook.feelingsRevision,
          }
        : await bookOf(request, session.user);
  }

  /** The book the request names (404 when the user is not a member), else the personal book. */
  async function bookOf(request: FastifyRequest, user: UserRow): Promise<RequestBook> {
    const book = await resolveBook(deps.db, user, requestedBookId(request));
    if (!book) throw notFound('Book');
    return book;
  }

  app.decorate('identify', identify);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    await identify(request);
    if (!request.user) throw unauthenticated();
    if (refusedToViewer(request)) throw new HttpError(403, READ_ONLY_BOOK_MESSAGE);
  });
});
