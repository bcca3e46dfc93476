/**
 * POST /api/webhooks/plaid (DECISIONS.md #112): Plaid's calls, open without signing in and
 * believed only when their `Plaid-Verification` JWT checks out against the raw body. An
 * unverified call is a 401 that does nothing; a verified one is a 200 whatever its item (Plaid
 * retries anything else). Rate-limited per client address, more loosely than the sign-in forms.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { messageResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { apiPath } from '../../plugins/route-paths';
import { rateLimited } from '../../plugins/security';
import { PlaidWebhookVerifier } from './plaid-webhook-verify';
import { handlePlaidWebhook, plaidWebhookSchema } from './plaid-webhook.service';

/** Plaid's webhooks are a few hundred bytes. */
const BODY_LIMIT_BYTES = 64 * 1024;
/**
 * Plaid calls from a few addresses for every item on the server, so the sign-in forms' limit per
 * address would drop real webhooks; an unverified call costs one signature check.
 */
const WEBHOOKS_PER_MINUTE = 300;
export const UNVERIFIED_MESSAGE = 'This webhook could not be verified as coming from Plaid.';

export default async function plaidWebhookRoutes(app: FastifyInstance, deps: AppDeps) {
  const plaid = deps.bankLink?.plaid ?? null;
  const verifier = plaid && new PlaidWebhookVerifier((kid) => plaid.webhookVerificationKey(kid));
  const holder = `${hostname()}:${process.pid}:webhook:${randomBytes(4).toString('hex')}`;

  // The signature covers the body's exact bytes: this plugin's JSON parser keeps them as text.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, typeof body === 'string' ? body : body.toString('utf8')),
  );

  app.post(
    apiPath('plaidWebhook'),
    {
      bodyLimit: BODY_LIMIT_BYTES,
      config: rateLimited(Math.max(WEBHOOKS_PER_MINUTE, deps.config.AUTH_RATE_LIMIT_PER_MINUTE)),
      schema: { response: { 200: messageResponse, 401: messageResponse } },
    },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const token = request.headers['plaid-verification'];
      const outcome = verifier
        ? await verifier.verify(raw, typeof token === 'string' ? token : undefined, deps.clock.now())
        : { ok: false as const, reason: 'Plaid is not configured' };
      if (!outcome.ok) {
        request.log.warn({ reason: outcome.reason }, 'Plaid webhook refused');
        return reply.status(401).send({ message: UNVERIFIED_MESSAGE });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      const webhook = plaidWebhookSchema.safeParse(parsed);
      // Signed by Plaid but not a shape read here: nothing to do, and nothing for Plaid to retry.
      if (!webhook.success) return { message: 'Ignored.' };
      const effect = await handlePlaidWebhook(deps, webhook.data, holder);
      return { message: effect === 'ignored' || effect === 'unknown-item' ? 'Ignored.' : 'Done.' };
    },
  );
}
