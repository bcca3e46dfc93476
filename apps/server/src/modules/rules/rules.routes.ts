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
import { apiPath } from '../../plugins/route-paths';

export default async function rulesRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listRules'), { ...auth, schema: { response: { 200: rulesResponse } } }, (request) => listUserRules(deps, currentBook(request)));

  routes.post(apiPath('createRule'), { ...auth, schema: { body: createRuleBody, response: { 201: ruleSchema } } }, async (request, reply) =>
    reply.status(201).send(await createRule(deps, currentBook(request), request.body)),
  );

  routes.put(apiPath('reorderRules'), { ...auth, schema: { body: ruleOrderBody, response: { 200: rulesResponse } } }, (request) =>
    reorderRules(deps, currentBook(request), request.body),
  );

  routes.patch(
    apiPath('updateRule'),
    { ...auth, schema: { params: idParams, body: updateRuleBody, response: { 200: ruleSchema } } },
    (request) => editRule(deps, currentBook(request), request.params.id, request.body),
  );

  routes.delete(apiPath('deleteRule'), { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removeRule(deps, currentBook(request), request.params.id);
    return reply.status(204).send(null);
  });

  routes.post(apiPath('previewRule'), { ...auth, config: { writesNoBookData: true }, schema: { params: idParams, response: { 200: rulePreviewResponse } } }, (request) =>
    previewRule(deps, currentBook(request), request.params.id),
  );

  routes.post(apiPath('applyRule'), { ...auth, schema: { params: idParams, response: { 200: ruleApplyResponse } } }, (request) =>
    applyRule(deps, currentBook(request), request.params.id),
  );
}
