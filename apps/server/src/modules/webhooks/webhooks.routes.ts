/**
 * GET/POST /webhooks, PATCH/DELETE /webhooks/{id}, GET /webhooks/{id}/deliveries: the book's
 * outbound webhooks (DECISIONS.md #94), for its owners.
 */
import {
  createWebhookBody,
  createdWebhookResponse,
  idParams,
  noContentResponse,
  updateWebhookBody,
  webhookDeliveriesResponse,
  webhookSchema,
  webhooksResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
} from './webhooks.service';

export default async function webhooksRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(
    apiPath('listWebhooks'),
    { ...auth, schema: { response: { 200: webhooksResponse } } },
    (request) => listWebhooks(deps, currentBook(request)),
  );

  routes.post(
    apiPath('createWebhook'),
    { ...auth, schema: { body: createWebhookBody, response: { 201: createdWebhookResponse } } },
    async (request, reply) =>
      reply.status(201).send(await createWebhook(deps, currentBook(request), request.body)),
  );

  routes.patch(
    apiPath('updateWebhook'),
    { ...auth, schema: { params: idParams, body: updateWebhookBody, response: { 200: webhookSchema } } },
    (request) => updateWebhook(deps, currentBook(request), request.params.id, request.body),
  );

  routes.delete(
    apiPath('deleteWebhook'),
    { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await deleteWebhook(deps, currentBook(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    apiPath('listWebhookDeliveries'),
    { ...auth, schema: { params: idParams, response: { 200: webhookDeliveriesResponse } } },
    (request) => listDeliveries(deps, currentBook(request), request.params.id),
  );
}
