/**
 * Exchange rates of the request's book (issue 27, DECISIONS.md #87): GET /fx-rates (a span of
 * days), GET /fx-rates/{currency}/{date} (the rate that holds that day), PUT and DELETE
 * /fx-rates/{currency}/{date} (a member's own rate, editors and owners: plugins/auth.ts refuses a
 * viewer's write).
 */
import {
  fxRateBody,
  fxRateOnResponse,
  fxRateParams,
  fxRateSchema,
  fxRatesQuery,
  fxRatesResponse,
  noContentResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';
import { listRates, rateOnAnswer, removeManualRate, setManualRate } from './fx-rates.service';

export default async function fxRatesRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listFxRates'), { ...auth, schema: { querystring: fxRatesQuery, response: { 200: fxRatesResponse } } }, (request) =>
    listRates(deps, currentBook(request), request.query),
  );

  routes.get(apiPath('getFxRate'), { ...auth, schema: { params: fxRateParams, response: { 200: fxRateOnResponse } } }, (request) =>
    rateOnAnswer(deps, currentBook(request), request.params),
  );

  routes.put(
    apiPath('setFxRate'),
    { ...auth, schema: { params: fxRateParams, body: fxRateBody, response: { 200: fxRateSchema } } },
    (request) => setManualRate(deps, currentBook(request), request.params, request.body.rate),
  );

  routes.delete(apiPath('deleteFxRate'), { ...auth, schema: { params: fxRateParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removeManualRate(deps, currentBook(request), request.params);
    return reply.status(204).send(null);
  });
}
