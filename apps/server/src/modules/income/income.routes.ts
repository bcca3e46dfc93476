/** Income sources (DECISIONS.md #4): GET/POST /income-sources, PATCH/DELETE /income-sources/{id}, expected income of a month. */
import {
  createIncomeSourceBody,
  expectedIncomeResponse,
  idParams,
  incomeSourceSchema,
  incomeSourcesResponse,
  monthParams,
  noContentResponse,
  updateIncomeSourceBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { createSource, editSource, expectedForMonth, listSources, removeSource } from './income.service';
import { apiPath } from '../../plugins/route-paths';

export default async function incomeRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listIncomeSources'), { ...auth, schema: { response: { 200: incomeSourcesResponse } } }, (request) =>
    listSources(deps, currentBook(request)),
  );

  routes.get(
    apiPath('getExpectedIncome'),
    { ...auth, schema: { params: monthParams, response: { 200: expectedIncomeResponse } } },
    (request) => expectedForMonth(deps, currentBook(request), request.params),
  );

  routes.post(
    apiPath('createIncomeSource'),
    { ...auth, schema: { body: createIncomeSourceBody, response: { 201: incomeSourceSchema } } },
    async (request, reply) => reply.status(201).send(await createSource(deps, currentBook(request), request.body)),
  );

  routes.patch(
    apiPath('updateIncomeSource'),
    { ...auth, schema: { params: idParams, body: updateIncomeSourceBody, response: { 200: incomeSourceSchema } } },
    (request) => editSource(deps, currentBook(request), request.params.id, request.body),
  );

  routes.delete(apiPath('deleteIncomeSource'), { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removeSource(deps, currentBook(request), request.params.id);
    return reply.status(204).send(null);
  });
}
