/**
 * Transfers between the user's own accounts and transfer suggestions (issue 15, docs/DECISIONS.md
 * #47, #48): POST /transfers, GET/PATCH/DELETE /transfers/{id}, GET /transfer-suggestions,
 * POST /transfer-suggestions/accept and /dismiss.
 */
import {
  idParams,
  noContentResponse,
  transferBody,
  transferPatchBody,
  transferSchema,
  transferSuggestionBody,
  transferSuggestionsResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { acceptTransferSuggestion, dismissTransferSuggestion, listTransferSuggestions } from './transfer-suggestions.service';
import { createTransfer, editTransfer, getTransfer, removeTransfer } from './transfers.service';
import { apiPath } from '../../plugins/route-paths';

export default async function transfersRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.post(apiPath('createTransfer'), { ...auth, schema: { body: transferBody, response: { 201: transferSchema } } }, async (request, reply) =>
    reply.status(201).send(await createTransfer(deps, currentBook(request), request.body)),
  );

  routes.get(apiPath('getTransfer'), { ...auth, schema: { params: idParams, response: { 200: transferSchema } } }, (request) =>
    getTransfer(deps, currentBook(request), request.params.id),
  );

  routes.patch(
    apiPath('updateTransfer'),
    { ...auth, schema: { params: idParams, body: transferPatchBody, response: { 200: transferSchema } } },
    (request) => editTransfer(deps, currentBook(request), request.params.id, request.body),
  );

  routes.delete(apiPath('deleteTransfer'), { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removeTransfer(deps, currentBook(request), request.params.id);
    return reply.status(204).send(null);
  });

  routes.get(apiPath('listTransferSuggestions'), { ...auth, schema: { response: { 200: transferSuggestionsResponse } } }, (request) =>
    listTransferSuggestions(deps, currentBook(request)),
  );

  routes.post(
    apiPath('acceptTransferSuggestion'),
    { ...auth, schema: { body: transferSuggestionBody, response: { 201: transferSchema } } },
    async (request, reply) => reply.status(201).send(await acceptTransferSuggestion(deps, currentBook(request), request.body)),
  );

  routes.post(
    apiPath('dismissTransferSuggestion'),
    { ...auth, schema: { body: transferSuggestionBody, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await dismissTransferSuggestion(deps, currentBook(request), request.body);
      return reply.status(204).send(null);
    },
  );
}
