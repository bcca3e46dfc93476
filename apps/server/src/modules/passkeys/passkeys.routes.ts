/**
 * Passkeys (DECISIONS.md #80): POST /user/passkeys/registration-options, POST /user/passkeys,
 * GET /user/passkeys and DELETE /user/passkeys/{id} for the signed-in person (never a personal
 * token: plugins/personal-tokens.ts), and POST /login/passkey/options and POST /login/passkey to
 * sign in, rate-limited as /login is.
 */
import {
  addPasskeyBody,
  authResponse,
  idParams,
  noContentResponse,
  passkeyLoginBody,
  passkeyLoginOptionsResponse,
  passkeyRegistrationOptionsBody,
  passkeyRegistrationOptionsResponse,
  passkeySchema,
  passkeysResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_MANAGEMENT } from '../../plugins/personal-tokens';
import { rateLimited } from '../../plugins/security';
import { signInClient } from '../auth';
import { passkeyLoginOptions, signInWithPasskey } from './passkey-sign-in.service';
import { addPasskey, listPasskeysOf, passkeyRegistrationOptions, removePasskey } from './passkeys.service';
import { apiPath } from '../../plugins/route-paths';

export default async function passkeysRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate, config: ACCOUNT_MANAGEMENT };
  const limited = rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE);

  routes.get(apiPath('listPasskeys'), { ...auth, schema: { response: { 200: passkeysResponse } } }, (request) =>
    listPasskeysOf(deps, currentUser(request)),
  );

  routes.post(
    apiPath('getPasskeyRegistrationOptions'),
    {
      ...auth,
      schema: { body: passkeyRegistrationOptionsBody, response: { 200: passkeyRegistrationOptionsResponse } },
    },
    (request) =>
      passkeyRegistrationOptions(deps, currentUser(request), request.body, { tokenHash: request.tokenHash }),
  );

  routes.post(
    apiPath('createPasskey'),
    { ...auth, schema: { body: addPasskeyBody, response: { 201: passkeySchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addPasskey(deps, currentUser(request), request.body, request.headers['user-agent'])),
  );

  routes.delete(
    apiPath('deletePasskey'),
    { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await removePasskey(deps, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Public: nobody is signed in yet. No body is read; the options name no one.
  routes.post(
    apiPath('getPasskeyLoginOptions'),
    { config: limited, schema: { response: { 200: passkeyLoginOptionsResponse } } },
    () => passkeyLoginOptions(deps),
  );

  routes.post(
    apiPath('loginWithPasskey'),
    { config: limited, schema: { body: passkeyLoginBody, response: { 200: authResponse } } },
    (request) => signInWithPasskey(deps, request.body, signInClient(request)),
  );
}
