/**
 * The two operations routes a load balancer and a monitor call (issue 35), public and never rate
 * limited (a balancer polls every few seconds from one address):
 * - GET /api/health, liveness: the process answers. Touches nothing, so a database outage does
 *   not get every process restarted; it also states the version.
 * - GET /api/ready, readiness: 200 only while the database answers and is fully migrated, else
 *   503 with the reason, so the balancer sends people elsewhere (readiness.ts).
 */
import { healthResponse, notReadyResponse, readyResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { apiPath } from '../../plugins/route-paths';
import type { ReadinessCheck } from './readiness';

export interface HealthOptions {
  deps: Pick<AppDeps, 'dialect'>;
  readiness: ReadinessCheck;
  /** The release's semantic version (build-info.ts). */
  version: string;
}

export default async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { dialect } = options.deps;
  api.get(apiPath('getHealth'), { schema: { response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
    database: dialect,
    version: options.version,
  }));

  // Logged when readiness changes, not on every poll: a balancer polling a process whose database
  // is down for an hour must not write a line every few seconds.
  let wasReady: boolean | null = null;
  api.get(
    apiPath('getReadiness'),
    {
      schema: {
        description:
          'For load balancers and orchestrators: 200 while the database answers and has every migration this ' +
          'version needs; 503 with the reason otherwise. GET /api/health is the liveness check.',
        response: { 200: readyResponse, 503: notReadyResponse },
      },
    },
    async (request, reply) => {
      const readiness = await options.readiness.check();
      if (readiness.ready) {
        if (wasReady === false) request.log.info('ready: the database answers and is migrated');
        wasReady = true;
        return { status: 'ready' as const };
      }
      if (wasReady !== false) request.log.warn({ err: readiness.error }, `not ready: ${readiness.reason}`);
      wasReady = false;
      return reply.code(503).send({ status: 'not_ready' as const, reason: readiness.reason });
    },
  );
}
