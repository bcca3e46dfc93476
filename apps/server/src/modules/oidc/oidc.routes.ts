/**
 * GET /auth/oidc/start and /auth/oidc/callback (browser navigations, answered with redirects) and
 * POST /auth/oidc/exchange and /auth/oidc/link (the web app's calls): single sign-on with OpenID
 * Connect (issue 28; DECISIONS.md #81). A sign-in that does not work out lands on the login page
 * with `sso_error`, the page's words for what happened: never an error page, never a session.
 */
import {
  OIDC_OFF,
  type OidcErrorKind,
  oidcExchangeBody,
  oidcExchangeResponse,
  oidcLinkBody,
  oidcLinkResponse,
  oidcStartQuery,
} from '@mindspend/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oidcSettings } from '../../config';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/http-errors';
import { rateLimited } from '../../plugins/security';
import { signInClient } from '../auth';
import { OidcClient } from './oidc-client';
import { clearedStateCookie, readStateCookie, stateCookie } from './oidc-cookie';
import { OidcFailure } from './oidc-failure';
import { exchangeHandover, linkHandover } from './oidc-handover.service';
import { finishSignIn, SIGN_IN_MINUTES, startSignIn } from './oidc.service';
import { apiPath } from '../../plugins/route-paths';

/** The path the provider sends the browser back to, under APP_URL: register it at the provider. */
export const CALLBACK_PATH = '/api/auth/oidc/callback';

const redirectAnswer = { 302: z.null().describe('Redirect: to the identity provider, or back to the web app.') };
/** What the provider may put in the callback's query; openid-client reads the raw query itself. */
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

export default async function oidcRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limited = rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE);
  const settings = oidcSettings(deps.config);
  const oidc = settings && new OidcClient({ ...settings, redirectUri: `${deps.config.APP_URL}${CALLBACK_PATH}` }, deps.clock);
  const secureCookie = deps.config.APP_URL.startsWith('https://');

  /** Sends the browser to the login page with the words for `kind`; logs why, never a token. */
  const failed = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const kind: OidcErrorKind = error instanceof OidcFailure ? error.kind : 'unavailable';
    if (error instanceof OidcFailure) request.log.warn({ sso_error: kind }, `single sign-on refused: ${error.message}`);
    else request.log.error({ err: error }, 'single sign-on failed');
    return reply.header('set-cookie', clearedStateCookie(secureCookie)).redirect(`/login?sso_error=${kind}`, 302);
  };

  routes.get(apiPath('startOidcSignIn'), { config: limited, schema: { querystring: oidcStartQuery, response: redirectAnswer } }, async (request, reply) => {
    try {
      if (!oidc) throw new OidcFailure('off', 'single sign-on is not configured');
      const { state, url } = await startSignIn(deps, oidc, request.query);
      return reply.header('set-cookie', stateCookie(state, SIGN_IN_MINUTES * 60, secureCookie)).redirect(url.href, 302);
    } catch (error) {
      return failed(request, reply, error);
    }
  });

  routes.get(apiPath('finishOidcSignIn'), { config: limited, schema: { querystring: callbackQuery, response: redirectAnswer } }, async (request, reply) => {
    try {
      if (!oidc) throw new OidcFailure('off', 'single sign-on is not configured');
      const rawUrl = request.raw.url ?? '';
      const code = await finishSignIn(deps, oidc, {
        query: rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '',
        state: request.query.state,
        error: request.query.error,
        browserState: readStateCookie(request.headers.cookie),
      });
      // In the fragment: never sent to a server, so no access log keeps it, nor a Referer.
      return reply.header('set-cookie', clearedStateCookie(secureCookie)).redirect(`/auth/oidc#code=${code}`, 302);
    } catch (error) {
      return failed(request, reply, error);
    }
  });

  const requireOidc = async () => {
    if (!oidc) throw new HttpError(404, OIDC_OFF);
  };

  routes.post(
    apiPath('exchangeOidcCode'),
    { onRequest: requireOidc, config: limited, schema: { body: oidcExchangeBody, response: { 200: oidcExchangeResponse } } },
    (request) => exchangeHandover(deps, request.body, signInClient(request)),
  );

  routes.post(
    apiPath('linkOidcIdentity'),
    { onRequest: requireOidc, config: limited, schema: { body: oidcLinkBody, response: { 200: oidcLinkResponse } } },
    (request) => linkHandover(deps, request.body, signInClient(request)),
  );
}
