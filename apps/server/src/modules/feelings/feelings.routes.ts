/**
 * Feelings, further (issue 16): purpose targets, the month's purposes against them and the
 * month-end reflection (DECISIONS.md #45); the suggested feeling and purpose (DECISIONS.md #46);
 * how much of a month's spending has a feeling (DECISIONS.md #102).
 */
import {
  feelingCoverageQuery,
  feelingCoverageResponse,
  monthParams,
  purposeMonthResponse,
  purposeTargetsBody,
  purposeTargetsResponse,
  reflectionBody,
  reflectionResponse,
  suggestionQuery,
  suggestionResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { purposeMonth, purposeTargets, setPurposeTargets } from './purposes.service';
import { monthReflection, writeReflection } from './reflections.service';
import { suggestFeeling } from './suggestions.service';
import { feelingCoverage } from './coverage.service';
import { apiPath } from '../../plugins/route-paths';

export default async function feelingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('getPurposeTargets'), { ...auth, schema: { response: { 200: purposeTargetsResponse } } }, (request) =>
    purposeTargets(deps, currentBook(request)),
  );

  routes.put(apiPath('setPurposeTargets'), { ...auth, schema: { body: purposeTargetsBody, response: { 200: purposeTargetsResponse } } }, (request) =>
    setPurposeTargets(deps, currentBook(request), request.body),
  );

  routes.get(
    apiPath('getPurposesMonth'),
    { ...auth, schema: { params: monthParams, response: { 200: purposeMonthResponse } } },
    (request) => purposeMonth(deps, currentBook(request), request.params),
  );

  routes.get(
    apiPath('getReflection'),
    { ...auth, schema: { params: monthParams, response: { 200: reflectionResponse } } },
    (request) => monthReflection(deps, currentBook(request), request.params),
  );

  routes.put(
    apiPath('saveReflection'),
    { ...auth, schema: { params: monthParams, body: reflectionBody, response: { 200: reflectionResponse } } },
    (request) => writeReflection(deps, currentBook(request), request.params, request.body),
  );

  routes.get(
    apiPath('suggestFeeling'),
    { ...auth, schema: { querystring: suggestionQuery, response: { 200: suggestionResponse } } },
    (request) => suggestFeeling(deps, currentBook(request), request.query),
  );

  routes.get(
    apiPath('getFeelingCoverage'),
    { ...auth, schema: { querystring: feelingCoverageQuery, response: { 200: feelingCoverageResponse } } },
    (request) => feelingCoverage(deps, currentBook(request), request.query),
  );
}
