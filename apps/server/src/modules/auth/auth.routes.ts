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
  PASSWORD_SIGN_IN_OFF,
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
import { oidcSettings } from '../../config';
import { HttpError } from '../../lib/http-errors';
import { login, logout, register } from './auth.service';
import { signInClient } from './sign-in-client';
import { changePassword, forgotPassword, resetPassword } from './passwords.service';
import { apiPath } from '../../plugins/route-paths';

async function refusePasswords(): Promise<void> {
  throw new HttpError(403, PASSWORD_SIGN_IN_OFF);
}

export default async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limited = rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE);

  // Public: the sign-in and sign-up pages say what they offer before a visitor fills anything in.
  routes.get(apiPath('getAuthConfig'), { schema: { response: { 200: authConfigResponse } } }, () => ({
    signup: deps.config.SIGNUP,
    password: !deps.config.OIDC_ONLY,
    oidc: oidcSettings(deps.config) ? { label: deps.config.OIDC_BUTTON_LABEL } : null,
  }));

  // With OIDC_ONLY, passwords neither sign in nor sign up (DECISIONS.md #81): refused before the
  // body is read, so nothing about an account can be learnt through them.
  const passwordsOff = deps.config.OIDC_ONLY ? { onRequest: refusePasswords } : {};

  routes.post(apiPath('login'), { ...passwordsOff, config: limited, schema: { body: loginBody, response: { 200: loginResponse } } }, (request) =>
    login(deps, request.body, signInClient(request)),
  );

  routes.post(
    apiPath('register'),
    {
      ...passwordsOff,
      config: limited,
      // With Stripe, card fields are refused before validation; only a token is taken (DECISIONS.md #30).
      preValidation: cardEntryGuard(deps.payments, registrationNeedsCard),
      schema: { body: registerBody, response: { 201: authResponse } },
    },
    async (request, reply) => reply.status(201).send(await register(deps, request.body, signInClient(request))),
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
    scope.post(apiPath('logout'), { onRequest: app.identify, schema: { response: { 204: noContentResponse } } }, async (request, reply) => {
      await logout(deps, request.tokenHash);
      return reply.status(204).send(null);
    });
  });

  routes.post(
    apiPath('requestPasswordReset'),
    { config: limited, schema: { body: forgotPasswordBody, response: { 200: messageResponse } } },
    (request) => forgotPassword(deps, request.body),
  );

  routes.post(
    apiPath('resetPassword'),
    { config: limited, schema: { body: resetPasswordBody, response: { 200: messageResponse } } },
    (request) => resetPassword(deps, request.body),
  );

  routes.post(
    apiPath('changePassword'),
    {
      onRequest: app.authenticate,
      config: { ...limited, ...ACCOUNT_MANAGEMENT },
      schema: { body: changePasswordBody, response: { 200: messageResponse } },
    },
    (request) => changePassword(deps, currentUser(request), request.tokenHash, request.body),
  );
}
