/** Subscriptions found in the expenses (issue 31; DECISIONS.md #100): GET /subscriptions, PATCH /subscriptions/{id}, POST /subscriptions/{id}/reviews. */
import {
  detectedSubscriptionSchema,
  detectedSubscriptionsResponse,
  idParams,
  reviewSubscriptionBody,
  updateDetectedSubscriptionBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';
import { listDetectedSubscriptions, reviewDetectedSubscription, updateDetectedSubscription } from './detected-subscriptions.service';

export default async function detectedSubscriptionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listDetectedSubscriptions'), { ...auth, schema: { response: { 200: detectedSubscriptionsResponse } } }, (request) =>
    listDetectedSubscriptions(deps, currentBook(request)),
  );

  routes.patch(
    apiPath('updateDetectedSubscription'),
    { ...auth, schema: { params: idParams, body: updateDetectedSubscriptionBody, response: { 200: detectedSubscriptionSchema } } },
    (request) => updateDetectedSubscription(deps, currentBook(request), request.params.id, request.body),
  );

  routes.post(
    apiPath('reviewDetectedSubscription'),
    { ...auth, schema: { params: idParams, body: reviewSubscriptionBody, response: { 201: detectedSubscriptionSchema } } },
    async (request, reply) => reply.status(201).send(await reviewDetectedSubscription(deps, currentBook(request), request.params.id, request.body)),
  );
}
