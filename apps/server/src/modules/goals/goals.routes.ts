/** Goals (DECISIONS.md #5): GET/POST /goals, PATCH/DELETE /goals/{id}. */
import {
  createGoalBody,
  goalSchema,
  goalsResponse,
  idParams,
  noContentResponse,
  updateGoalBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { createGoal, editGoal, listUserGoals, removeGoal } from './goals.service';
import { apiPath } from '../../plugins/route-paths';

export default async function goalsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listGoals'), { ...auth, schema: { response: { 200: goalsResponse } } }, (request) => listUserGoals(deps, currentBook(request)));

  routes.post(apiPath('createGoal'), { ...auth, schema: { body: createGoalBody, response: { 201: goalSchema } } }, async (request, reply) =>
    reply.status(201).send(await createGoal(deps, currentBook(request), request.body)),
  );

  routes.patch(
    apiPath('updateGoal'),
    { ...auth, schema: { params: idParams, body: updateGoalBody, response: { 200: goalSchema } } },
    (request) => editGoal(deps, currentBook(request), request.params.id, request.body),
  );

  routes.delete(apiPath('deleteGoal'), { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removeGoal(deps, currentBook(request), request.params.id);
    return reply.status(204).send(null);
  });
}
