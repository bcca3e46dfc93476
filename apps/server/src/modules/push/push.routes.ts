/**
 * GET /push/public-key, GET/POST /push/subscriptions, DELETE /push/subscriptions/{id},
 * GET/PUT /push/settings: a person's devices and quiet hours (DECISIONS.md #103); and
 * POST /push/feelings, which the service worker calls without a session, with the token of the
 * notification, rate limited like the other public routes.
 */
import {
  createPushSubscriptionBody,
  idParams,
  messageResponse,
  noContentResponse,
  pushFeelingBody,
  pushFeelingResponse,
  pushPublicKeyResponse,
  pushSettingsSchema,
  pushSubscriptionSchema,
  pushSubscriptionsResponse,
  updatePushSettingsBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';
import { rateLimited } from '../../plugins/security';
import { recordPushFeeling } from './push-feeling.service';
import {
  type KeysOf,
  listSubscriptions,
  publicKey,
  pushSettings,
  subscribe,
  unsubscribe,
  updatePushSettings,
} from './push.service';

export default async function pushRoutes(
  app: FastifyInstance,
  { deps, keys }: { deps: AppDeps; keys: KeysOf },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  // 404 while push is off (PostgreSQL without VAPID keys), saying what to set.
  routes.get(
    apiPath('getPushPublicKey'),
    { ...auth, schema: { response: { 200: pushPublicKeyResponse, 404: messageResponse } } },
    () => publicKey(keys),
  );

  routes.get(
    apiPath('listPushSubscriptions'),
    { ...auth, schema: { response: { 200: pushSubscriptionsResponse } } },
    (request) => listSubscriptions(deps, currentUser(request).id),
  );

  routes.post(
    apiPath('createPushSubscription'),
    {
      ...auth,
      schema: {
        body: createPushSubscriptionBody,
        response: { 200: pushSubscriptionSchema, 201: pushSubscriptionSchema },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await subscribe(
        deps,
        keys,
        currentUser(request).id,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(created ? 201 : 200).send(subscription);
    },
  );

  routes.delete(
    apiPath('deletePushSubscription'),
    { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await unsubscribe(deps, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    apiPath('getPushSettings'),
    { ...auth, schema: { response: { 200: pushSettingsSchema } } },
    (request) => pushSettings(deps, currentUser(request).id),
  );

  routes.put(
    apiPath('updatePushSettings'),
    { ...auth, schema: { body: updatePushSettingsBody, response: { 200: pushSettingsSchema } } },
    (request) => updatePushSettings(deps, currentUser(request).id, request.body),
  );

  routes.post(
    apiPath('recordPushFeeling'),
    {
      config: rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE),
      // 401: the token is unknown, used or expired; 403: it is another purchase's.
      schema: {
        body: pushFeelingBody,
        response: {
          200: pushFeelingResponse,
          401: messageResponse,
          403: messageResponse,
          404: messageResponse,
        },
      },
    },
    (request) => recordPushFeeling(deps, request.body),
  );
}
