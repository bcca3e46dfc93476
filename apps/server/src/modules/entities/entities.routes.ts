/** Entities (spec §7): GET /transactions/entities[/{id}], POST /accounts/{id}/entities, PUT /transactions/entities/{id}. */
import { entitiesResponse, entityBody, entitySchema, idParams } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { createEntity, editEntity, getEntity, listUserEntities } from './entities.service';
import { apiPath } from '../../plugins/route-paths';

export default async function entitiesRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listEntities'), { ...auth, schema: { response: { 200: entitiesResponse } } }, (request) =>
    listUserEntities(deps, currentBook(request)),
  );

  routes.get(
    apiPath('getEntity'),
    { ...auth, schema: { params: idParams, response: { 200: entitySchema } } },
    (request) => getEntity(deps, currentBook(request), request.params.id),
  );

  routes.post(
    apiPath('createEntity'),
    { ...auth, schema: { params: idParams, body: entityBody, response: { 201: entitySchema } } },
    async (request, reply) =>
      reply.status(201).send(await createEntity(deps, currentBook(request), request.params.id, request.body)),
  );

  routes.put(
    apiPath('updateEntity'),
    { ...auth, schema: { params: idParams, body: entityBody, response: { 200: entitySchema } } },
    (request) => editEntity(deps, currentBook(request), request.params.id, request.body),
  );
}
