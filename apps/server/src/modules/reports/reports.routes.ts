/** Reports: GET /reports/net-worth, /reports/cash-flow and /reports/spending?from=&to=[&group=]. */
import {
  cashFlowReportResponse,
  netWorthReportResponse,
  reportRangeQuery,
  spendingReportQuery,
  spendingReportResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { replyFromCache } from '../../plugins/cached-reply';
import { cashFlowReport, netWorthReport, spendingReport } from './reports.service';
import { apiPath } from '../../plugins/route-paths';

export default async function reportsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Years of a ledger are read for each answer: reuse it until the user's data changes, like insights.
  routes.get(
    apiPath('getNetWorthReport'),
    { onRequest: app.authenticate, schema: { querystring: reportRangeQuery, response: { 200: netWorthReportResponse } } },
    (request, reply) =>
      replyFromCache(deps, request, reply, async () =>
        JSON.stringify(netWorthReportResponse.parse(await netWorthReport(deps, currentBook(request), request.query))),
      ),
  );
  routes.get(
    apiPath('getCashFlowReport'),
    { onRequest: app.authenticate, schema: { querystring: reportRangeQuery, response: { 200: cashFlowReportResponse } } },
    (request, reply) =>
      replyFromCache(deps, request, reply, async () =>
        JSON.stringify(cashFlowReportResponse.parse(await cashFlowReport(deps, currentBook(request), request.query))),
      ),
  );
  routes.get(
    apiPath('getSpendingReport'),
    { onRequest: app.authenticate, schema: { querystring: spendingReportQuery, response: { 200: spendingReportResponse } } },
    (request, reply) =>
      replyFromCache(deps, request, reply, async () =>
        JSON.stringify(spendingReportResponse.parse(await spendingReport(deps, currentBook(request), request.query))),
      ),
  );
}
