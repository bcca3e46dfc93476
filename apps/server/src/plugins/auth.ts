/**
 * Bearer-token authentication (DECISIONS.md #3): the token's SHA-256 is looked up with its user.
 * Routes opt in with `preHandler: app.authenticate`, or `app.identify` where sign-in is optional.
 * Personal access tokens (`msp_…`) are looked up in their own table, with their scope checked
 * against the route (plugins/personal-tokens.ts, DECISIONS.md #39).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { unauthenticated } from '../lib/http-errors';
import { hashToken, isPersonalToken } from '../lib/tokens';
import { decoratePersonalTokens, identifyByPersonalToken } from './personal-tokens';
import { findUserByTokenHash } from './signed-in-user.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: UserRow | null;
    /** Hash of the bearer token this request carried, when valid (logout revokes it). */
    tokenHash: string | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    identify(request: FastifyRequest): Promise<void>;
  }
}

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

export default fp(async function authPlugin(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  decoratePersonalTokens(app);

  async function identify(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) return;
    if (isPersonalToken(token)) return identifyByPersonalToken(deps, request, token);
    const tokenHash = hashToken(token);
    const user = await findUserByTokenHash(deps.db, tokenHash);
    if (user) {
      request.user = user;
      request.tokenHash = tokenHash;
    }
  }

  app.decorate('identify', identify);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    await identify(request);
    if (!request.user) throw unauthenticated();
  });
});
