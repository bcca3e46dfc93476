/**
 * GET /reflection-email/unsubscribe?token=…: the e-mail's unsubscribe link (docs/DECISIONS.md #60),
 * open without signing in, rate-limited per client address like the other public forms. POST to
 * the same address is the one-click unsubscribe mail readers send from the List-Unsubscribe
 * header (RFC 8058).
 */
import { fileResponse, messageResponse, unsubscribeQuery } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { rateLimited } from '../../plugins/security';
import { INVALID_LINK_MESSAGE, UNSUBSCRIBED_MESSAGE, unsubscribePage } from './unsubscribe-page';
import { unsubscribe } from './unsubscribe.service';
import { apiPath } from '../../plugins/route-paths';

export default async function reflectionEmailRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPath('unsubscribeReflectionEmail'),
    {
      config: rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE),
      schema: {
        description: 'Turns the monthly reflection e-mail off for the user the signed token names; answers an HTML page.',
        querystring: unsubscribeQuery,
        response: {
          200: fileResponse('text/html', 'You are unsubscribed (or already were).'),
          400: fileResponse('text/html', 'The link is not one this server signed; nothing was changed.'),
        },
      },
    },
    async (request, reply) => {
      const outcome = await unsubscribe(deps, request.query.token);
      const settingsUrl = new URL('/settings', deps.config.APP_URL).toString();
      return reply
        .status(outcome === 'invalid' ? 400 : 200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(unsubscribePage(outcome, settingsUrl));
    },
  );

  // A one-click request's body is the form field `List-Unsubscribe=One-Click`; only the signed
  // token in the address decides, so the body is read as text and not looked at. The parser is
  // this plugin's own: no other route accepts form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().post(
    apiPath('unsubscribeReflectionEmailOneClick'),
    {
      config: rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE),
      schema: {
        description: 'One-click unsubscribe (RFC 8058) from the List-Unsubscribe header: turns the monthly reflection e-mail off.',
        querystring: unsubscribeQuery,
        response: { 200: messageResponse, 400: messageResponse },
      },
    },
    async (request, reply) => {
      const outcome = await unsubscribe(deps, request.query.token);
      if (outcome === 'invalid') return reply.status(400).send({ message: INVALID_LINK_MESSAGE });
      return { message: UNSUBSCRIBED_MESSAGE };
    },
  );
}
