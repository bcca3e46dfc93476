/**
 * GET/POST /user/tokens, DELETE /user/tokens/{id}: personal access tokens (DECISIONS.md #39).
 * Only a signed-in session manages them: a personal token gets 403 here (plugins/personal-tokens.ts).
 */
import {
  createdPersonalTokenResponse,
  createPersonalTokenBody,
  idParams,
  noContentResponse,
  personalTokensResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_MANAGEMENT } from '../../plugins/personal-tokens';
import { createToken, listTokens, revokeToken } from './personal-tokens.service';
import { apiPath } from '../../plugins/route-paths';

export default async function personalTokensRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate, config: ACCOUNT_MANAGEMENT };

  routes.get(apiPath('listPersonalTokens'), { ...auth, schema: { response: { 200: personalTokensResponse } } }, (request) =>
    listTokens(deps, currentUser(request)),
  );

  routes.post(
    apiPath('createPersonalToken'),
    { ...auth, schema: { body: createPersonalTokenBody, response: { 201: createdPersonalTokenResponse } } },
    async (request, reply) =>
      reply.status(201).send(await createToken(deps, currentUser(request), request.body, { tokenHash: request.tokenHash })),
  );

  routes.delete(
    apiPath('deletePersonalToken'),
    { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await revokeToken(deps, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
