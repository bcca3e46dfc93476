/**
 * Feelings, further (issue 16): purpose targets, the month's purposes against them and the
 * month-end reflection (DECISIONS.md #45); the suggested feeling and purpose (DECISIONS.md #46).
 */
import {
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

export default async function feelingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get('/purpose-targets', { ...auth, schema: { response: { 200: purposeTargetsResponse } } }, (request) =>
    purposeTargets(deps, currentBook(request)),
  );

  routes.put('/purpose-targets', { ...auth, schema: { body: purposeTargetsBody, response: { 200: purposeTargetsResponse } } }, (request) =>
    setPurposeTargets(deps, currentBook(request), request.body),
  );

  routes.get(
    '/purposes/month/:month/year/:year',
    { ...auth, schema: { params: monthParams, response: { 200: purposeMonthResponse } } },
    (request) => purposeMonth(deps, currentBook(request), request.params),
  );

  routes.get(
    '/reflections/month/:month/year/:year',
    { ...auth, schema: { params: monthParams, response: { 200: reflectionResponse } } },
    (request) => monthReflection(deps, currentBook(request), request.params),
  );

  routes.put(
    '/reflections/month/:month/year/:year',
    { ...auth, schema: { params: monthParams, body: reflectionBody, response: { 200: reflectionResponse } } },
    (request) => writeReflection(deps, currentBook(request), request.params, request.body),
  );

  routes.get(
    '/suggestions/feeling',
    { ...auth, schema: { querystring: suggestionQuery, response: { 200: suggestionResponse } } },
    (request) => suggestFeeling(deps, currentBook(request), request.query),
  );
}
