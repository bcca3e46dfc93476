/**
 * GET /metrics: Prometheus text (DECISIONS.md #40). Off (404) unless METRICS_TOKEN is set; then
 * only a request bearing that token gets it (401 otherwise), compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ROUTES, fileResponse, messageResponse } from '@mindspend/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildInfo } from '../../build-info';
import type { DatabaseHandle } from '../../db/connection';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../lib/http-errors';
import type { ImportJobQueue } from '../imports';
import { AppMetrics } from './app-metrics';

/** Outside /api (Prometheus scrapes it by this name), spelled in the route table like every route. */
export const METRICS_PATH = ROUTES.getMetrics.path;

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function bearsToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), expected);
}

export interface MetricsOptions {
  deps: AppDeps;
  importQueue: ImportJobQueue;
  poolUse?: DatabaseHandle['poolUse'];
}

/** Not encapsulated (fastify-plugin), so its onResponse hook counts every route of the app. */
export default fp(async function metricsRoutes(app: FastifyInstance, options: MetricsOptions) {
  const token = options.deps.config.METRICS_TOKEN;
  const schema = {
    description:
      'Prometheus metrics of this process. Off (404) unless METRICS_TOKEN is set; then send it as a bearer token.',
    response: {
      200: fileResponse('text/plain', 'Prometheus text exposition format 0.0.4.'),
      401: messageResponse,
      404: messageResponse,
    },
  };
  if (!token) {
    app.get(METRICS_PATH, { schema }, () => {
      throw notFound('Page');
    });
    return;
  }

  const metrics = new AppMetrics({
    deps: options.deps,
    build: buildInfo(options.deps.config.GIT_COMMIT),
    ...(options.poolUse && { poolUse: options.poolUse }),
  });
  options.importQueue.onJobDone((outcome) => metrics.observeImport(outcome));
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
  const expected = digest(token);
  app.get(METRICS_PATH, { schema }, async (request, reply) => {
    if (!bearsToken(request, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, 'Send the METRICS_TOKEN as a bearer token.');
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
});
