/** POST /user/two-factor, POST /user/two-factor/confirm, DELETE /user/two-factor (DECISIONS.md #28). */
import {
  noContentResponse,
  confirmTwoFactorBody,
  recoveryCodesResponse,
  startTwoFactorBody,
  turnOffTwoFactorBody,
  twoFactorSetupResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { rateLimited } from '../../plugins/security';
import { confirmTwoFactor, startTwoFactorSetup, turnOffTwoFactor } from './two-factor.service';
import { apiPath } from '../../plugins/route-paths';

export default async function twoFactorRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Codes and the password are guessed here as at sign-in: the same limit applies.
  const guarded = {
    onRequest: app.authenticate,
    config: rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE),
  };

  routes.post(
    apiPath('startTwoFactorSetup'),
    { ...guarded, schema: { body: startTwoFactorBody, response: { 200: twoFactorSetupResponse } } },
    (request) => startTwoFactorSetup(deps, currentUser(request), request.body, { tokenHash: request.tokenHash }),
  );

  routes.post(
    apiPath('confirmTwoFactor'),
    { ...guarded, schema: { body: confirmTwoFactorBody, response: { 200: recoveryCodesResponse } } },
    (request) => confirmTwoFactor(deps, currentUser(request), request.body.code ?? ''),
  );

  routes.delete(
    apiPath('disableTwoFactor'),
    { ...guarded, schema: { body: turnOffTwoFactorBody, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await turnOffTwoFactor(deps, currentUser(request), request.body, { tokenHash: request.tokenHash });
      return reply.status(204).send(null);
    },
  );
}
