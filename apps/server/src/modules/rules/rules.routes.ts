/**
 * Categorization rules (issue 15; docs/DECISIONS.md #51, #52): GET/POST /rules, PUT /rules/order,
 * PATCH/DELETE /rules/{id}, POST /rules/{id}/preview and /rules/{id}/apply.
 */
import {
  createRuleBody,
  idParams,
  noContentResponse,
  ruleApplyResponse,
  ruleOrderBody,
  rulePreviewResponse,
  ruleSchema,
  rulesResponse,
  updateRuleBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { applyRule, previewRule } from './rule-apply.service';
import { createRule, editRule, listUserRules, removeRule, reorderRules } from './rules.service';

export default async function rulesRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get('/rules', { ...auth, schema: { response: { 200: rulesResponse } } }, (request) => listUserRules(deps, currentBook(request)));

  routes.post('/rules', { ...auth, schema: { body: createRuleBody, response: { 201: ruleSchema } } }, async (request, reply) =>
    reply.status(201).send(await createRule(deps, currentBook(request), request.body)),
  );

  routes.put('/rules/order', { ...auth, schema: { body: ruleOrderBody, response: { 200: rulesResponse } } }, (request) =>
    reorderRules(deps, currentBook(request), request.body),
  );

  routes.patch(
    '/rules/:id',
    { ...auth, schema: { params: idParams, body: updateRuleBody, response: { 200: ruleSchema } } },
    (request) => editRule(deps, currentBook(request), request.params.id, request.body),
  );

  routes.delete('/rules/:id', { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removeRule(deps, currentBook(request), request.params.id);
    return reply.status(204).send(null);
  });

  routes.post('/rules/:id/preview', { ...auth, config: { writesNoBookData: true }, schema: { params: idParams, response: { 200: rulePreviewResponse } } }, (request) =>
    previewRule(deps, currentBook(request), request.params.id),
  );

  routes.post('/rules/:id/apply', { ...auth, schema: { params: idParams, response: { 200: ruleApplyResponse } } }, (request) =>
    applyRule(deps, currentBook(request), request.params.id),
  );
}
