/**
 * GET/POST/DELETE /subscription: show, start and cancel the paid plan from Account Settings;
 * GET /billing/config: how the browser collects a card (DECISIONS.md #30).
 */
import {
  type BillingConfig,
  billingConfigSchema,
  subscriptionSchema,
  upgradeBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_MANAGEMENT } from '../../plugins/personal-tokens';
import { cancel, getSubscription, upgrade } from './billing.service';
import { cardEntryGuard, upgradeNeedsCard } from './card-entry';
import { apiPath } from '../../plugins/route-paths';

export default async function billingRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: subscriptionSchema };

  routes.get(apiPath('getSubscription'), { onRequest: app.authenticate, schema: { response } }, (request) =>
    getSubscription(deps, currentUser(request)),
  );
  routes.post(
    apiPath('startSubscription'),
    // Charging a card is the account holder's, not a script's (DECISIONS.md #39).
    {
      onRequest: app.authenticate,
      config: ACCOUNT_MANAGEMENT,
      preValidation: cardEntryGuard(deps.payments, upgradeNeedsCard),
      schema: { body: upgradeBody, response },
    },
    (request) => upgrade(deps, currentUser(request), request.body),
  );
  // Public: the sign-up page needs it before anyone is signed in. The publishable key is meant for
  // browsers; the secret key never leaves the server.
  routes.get(apiPath('getBillingConfig'), { schema: { response: { 200: billingConfigSchema } } }, (): BillingConfig => {
    const entry = deps.payments.cardEntry;
    return entry.kind === 'stripe-elements'
      ? { provider: 'stripe', publishable_key: entry.publishableKey, js_url: entry.jsUrl }
      : { provider: 'local' };
  });
  // Cancelling the plan is the account holder's too (DECISIONS.md #39).
  routes.delete(
    apiPath('cancelSubscription'),
    { onRequest: app.authenticate, config: ACCOUNT_MANAGEMENT, schema: { response } },
    (request) => cancel(deps, currentUser(request)),
  );
}
