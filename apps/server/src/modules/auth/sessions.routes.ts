/** GET /user/sessions, DELETE /user/sessions/{id}, POST /user/sessions/sign-out, DELETE /user/sessions (DECISIONS.md #27). */
import { idParams, noContentResponse, sessionsResponse, signOutSessionsBody } from '@mindspend/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { unauthenticated } from '../../lib/http-errors';
import { currentUser } from '../../plugins/auth';
import { endOtherSessions, endSession, endSessions, userSessions } from './sessions.service';
import { apiPath } from '../../plugins/route-paths';

function currentSessionId(request: FastifyRequest): number {
  if (request.sessionId === null) throw unauthenticated();
  return request.sessionId;
}

export default async function sessionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listSessions'), { ...auth, schema: { response: { 200: sessionsResponse } } }, (request) =>
    userSessions(deps, currentUser(request).id, currentSessionId(request)),
  );

  routes.delete(
    apiPath('deleteSession'),
    { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await endSession(deps, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // A device's sessions at once (issue 36): the ids the grouped list holds, this one left out.
  routes.post(
    apiPath('signOutSessions'),
    { ...auth, schema: { body: signOutSessionsBody, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await endSessions(deps, currentUser(request).id, currentSessionId(request), request.body.session_ids);
      return reply.status(204).send(null);
    },
  );

  routes.delete(
    apiPath('deleteOtherSessions'),
    { ...auth, schema: { response: { 204: noContentResponse } } },
    async (request, reply) => {
      await endOtherSessions(deps, currentUser(request).id, currentSessionId(request));
      return reply.status(204).send(null);
    },
  );
}
