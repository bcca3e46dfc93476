/** Insights: GET /insights?from=YYYY-MM&to=YYYY-MM[&account_id=]. */
import { insightsQuery, insightsResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { answerJson } from '../../lib/answer-json';
import { replyFromCache } from '../../plugins/cached-reply';
import { currentBook } from '../../plugins/auth';
import { insights } from './insights.service';
import { apiPath } from '../../plugins/route-paths';

export default async function insightsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    apiPath('getInsights'),
    { onRequest: app.authenticate, schema: { querystring: insightsQuery, response: { 200: insightsResponse } } },
    // A year of figures costs a hundred milliseconds or more: reuse them until the data changes.
    (request, reply) =>
      replyFromCache(deps, request, reply, async () =>
        answerJson(insightsResponse, await insights(deps, currentBook(request), request.query), deps.config.NODE_ENV),
      ),
  );
}
