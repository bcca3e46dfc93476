/** The pause list (issue 31; DECISIONS.md #99): GET/POST /pauses, GET /pauses/summary, PATCH/DELETE /pauses/{id}. */
import {
  createPauseBody,
  decidePauseBody,
  idParams,
  noContentResponse,
  pauseSchema,
  pauseSummaryQuery,
  pauseSummarySchema,
  pausesResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';
import { createPause, decidePause, listMemberPauses, pauseSummary, removePause } from './pauses.service';

export default async function pausesRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listPauses'), { ...auth, schema: { response: { 200: pausesResponse } } }, (request) => listMemberPauses(deps, currentBook(request)));

  routes.post(apiPath('createPause'), { ...auth, schema: { body: createPauseBody, response: { 201: pauseSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPause(deps, currentBook(request), request.body)),
  );

  routes.get(apiPath('getPauseSummary'), { ...auth, schema: { querystring: pauseSummaryQuery, response: { 200: pauseSummarySchema } } }, (request) =>
    pauseSummary(deps, currentBook(request), request.query),
  );

  routes.patch(
    apiPath('decidePause'),
    { ...auth, schema: { params: idParams, body: decidePauseBody, response: { 200: pauseSchema } } },
    (request) => decidePause(deps, currentBook(request), request.params.id, request.body),
  );

  routes.delete(apiPath('deletePause'), { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removePause(deps, currentBook(request), request.params.id);
    return reply.status(204).send(null);
  });
}
