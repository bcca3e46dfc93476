/**
 * Personal access tokens in the auth plugin (DECISIONS.md #39): a bearer token starting with
 * `msp_` is looked up in `personal_access_tokens`, and what it may do is checked against the
 * route before the handler runs:
 *
 * - a `read` token may only GET (and HEAD); any other method answers 403;
 * - no personal token may manage the account: every route under `/api/user/` and `/api/users/`
 *   (tokens, sessions, two-factor, password, e-mail, profile, deletion) refuses it with 403, and
 *   any other route opts in to the same refusal with `config: ACCOUNT_MANAGEMENT`; a route under
 *   those paths that a script may use says `config: { refusesPersonalTokens: false }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PersonalTokenScope } from '../db/personal-token-schema';
import type { AppDeps } from '../deps';
import { isoNow } from '../lib/clock';
import { HttpError } from '../lib/http-errors';
import { hashToken } from '../lib/tokens';
import { findUserByPersonalTokenHash, touchPersonalToken } from './personal-token.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The personal access token this request was signed in with, or null (a sign-in token or none). */
    personalToken: { id: number; scope: PersonalTokenScope } | null;
  }
  interface FastifyContextConfig {
    /**
     * True on a route that manages the account: personal access tokens get 403 there. Routes under
     * /api/user/ and /api/users/ are such routes unless they say `false`.
     */
    refusesPersonalTokens?: boolean;
  }
}

/** Spread into a route's `config` to refuse personal access tokens there (account management). */
export const ACCOUNT_MANAGEMENT = { refusesPersonalTokens: true } as const;

/** Every route under these paths manages the account, marked or not (deny by default). */
const ACCOUNT_PATHS = ['/api/user/', '/api/users/'];

/** A use is recorded at most this often per token, so a script's requests are not each a write. */
export const LAST_USED_RESOLUTION_MS = 5 * 60_000;

export const READ_ONLY_MESSAGE =
  'This personal access token is read-only: it can only read (GET), not change anything.';
export const ACCOUNT_MESSAGE =
  'Personal access tokens cannot manage the account (tokens, sessions, two-factor, password, e-mail, deletion). Sign in to do this.';

export function decoratePersonalTokens(app: FastifyInstance): void {
  app.decorateRequest('personalToken', null);
}

/** True on a route that manages the person's account rather than a book's data (DECISIONS.md #39). */
export function managesAccount(request: FastifyRequest): boolean {
  return routeManagesAccount(
    request.routeOptions.config.refusesPersonalTokens,
    request.routeOptions.url ?? request.url,
  );
}

/** The same from a route's marker and URL pattern (the API document declares its 403 answers with it). */
export function routeManagesAccount(marked: boolean | undefined, pattern: string): boolean {
  // A route's own marker decides, either way; unmarked, its path does.
  if (marked !== undefined) return marked;
  return ACCOUNT_PATHS.some((prefix) => pattern.startsWith(prefix));
}

/** Throws 403 when the route is beyond what a personal token of this scope may do. */
function checkScope(request: FastifyRequest, scope: PersonalTokenScope): void {
  if (managesAccount(request)) throw new HttpError(403, ACCOUNT_MESSAGE);
  if (scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
    throw new HttpError(403, READ_ONLY_MESSAGE);
  }
}

/** Signs the request in with a personal token, if it is a live one; 403 when the route is out of its scope. */
export async function identifyByPersonalToken(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
): Promise<void> {
  const holder = await findUserByPersonalTokenHash(deps.db, hashToken(token));
  if (!holder) return;
  checkScope(request, holder.token.scope);
  request.user = holder.user;
  request.personalToken = { id: holder.token.id, scope: holder.token.scope };
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  if (!holder.token.lastUsedAt || holder.token.lastUsedAt < staleBefore) {
    await touchPersonalToken(deps.db, holder.token.id, isoNow(deps.clock), staleBefore);
  }
}
