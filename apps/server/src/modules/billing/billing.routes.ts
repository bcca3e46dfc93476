/** GET/POST/DELETE /subscription: show, start and cancel the paid plan from Account Settings. */
import { subscriptionSchema, upgradeBody } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_MANAGEMENT } from '../../plugins/personal-tokens';
import { cancel, getSubscription, upgrade } from './billing.service';

export default async function billingRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: subscriptionSchema };

  routes.get('/subscription', { onRequest: app.authenticate, schema: { response } }, (request) =>
    getSubscription(deps, currentUser(request)),
  );
  routes.post(
    '/subscription',
    // Charging a card and cancelling the plan are the account holder's, not a script's (DECISIONS.md #39).
    { onRequest: app.authenticate, config: ACCOUNT_MANAGEMENT, schema: { body: upgradeBody, response } },
    (request) => upgrade(deps, currentUser(request), request.body),
  );
  routes.delete('/subscription', { onRequest: app.authenticate, config: ACCOUNT_MANAGEMENT, schema: { response } }, (request) =>
    cancel(deps, currentUser(request)),
  );
}
