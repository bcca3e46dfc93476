/**
 * POST /login, /register, /logout, /forgot-password, /reset-password (spec §7) and
 * /users/change-password: signing in and out, and every way a password is set; GET /auth/config:
 * what the sign-in and sign-up pages offer on this server.
 */
import {
  authConfigResponse,
  authResponse,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  messageResponse,
  noContentResponse,
  registerBody,
  resetPasswordBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_MANAGEMENT } from '../../plugins/personal-tokens';
import { rateLimited } from '../../plugins/security';
import { cardEntryGuard, registrationNeedsCard } from '../billing';
import { login, logout, register } from './auth.service';
import { changePassword, forgotPassword, resetPassword } from './passwords.service';

export default async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limited = rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE);

  // Public: the sign-up page says whether it may be used before a visitor fills it in.
  routes.get('/auth/config', { schema: { response: { 200: authConfigResponse } } }, () => ({ signup: deps.config.SIGNUP }));

  routes.post('/login', { config: limited, schema: { body: loginBody, response: { 200: loginResponse } } }, (request) =>
    login(deps, request.body, request.headers['user-agent']),
  );

  routes.post(
    '/register',
    {
      config: limited,
      // With Stripe, card fields are refused before validation; only a token is taken (DECISIONS.md #30).
      preValidation: cardEntryGuard(deps.payments, registrationNeedsCard),
      schema: { body: registerBody, response: { 201: authResponse } },
    },
    async (request, reply) => reply.status(201).send(await register(deps, request.body, request.headers['user-agent'])),
  );

  // Logout reads no body: whatever a client sends with it (an empty JSON body included) is ignored,
  // so the token is always revoked.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, undefined));
      payload.on('error', done);
    });
    scope.post('/logout', { onRequest: app.identify, schema: { response: { 204: noContentResponse } } }, async (request, reply) => {
      await logout(deps, request.tokenHash);
      return reply.status(204).send(null);
    });
  });

  routes.post(
    '/forgot-password',
    { config: limited, schema: { body: forgotPasswordBody, response: { 200: messageResponse } } },
    (request) => forgotPassword(deps, request.body),
  );

  routes.post(
    '/reset-password',
    { config: limited, schema: { body: resetPasswordBody, response: { 200: messageResponse } } },
    (request) => resetPassword(deps, request.body),
  );

  routes.post(
    '/users/change-password',
    {
      onRequest: app.authenticate,
      config: { ...limited, ...ACCOUNT_MANAGEMENT },
      schema: { body: changePasswordBody, response: { 200: messageResponse } },
    },
    (request) => changePassword(deps, currentUser(request), request.tokenHash, request.body),
  );
}
