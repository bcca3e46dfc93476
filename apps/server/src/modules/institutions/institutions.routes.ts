/**
 * Banks linked through a bank-data provider (DECISIONS.md #8): Plaid when PLAID_CLIENT_ID and
 * PLAID_SECRET are set. Without one the list says so and linking answers 409; CSV and OFX/QFX
 * imports do not depend on it. Also the bank-import call POST /transactions/import of spec §7,
 * which brings every linked bank up to date.
 */
import {
  bankImportBody,
  bankImportResponse,
  enableBankingBanksQuery,
  enableBankingBanksResponse,
  enableBankingCallbackBody,
  enableBankingStartBody,
  enableBankingStartResponse,
  idParams,
  institutionSchema,
  institutionsResponse,
  linkInstitutionBody,
  linkSimplefinBody,
  linkTokenBody,
  linkTokenResponse,
  messageResponse,
  noContentResponse,
  relinkRequiredBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { importFromBanks } from './bank-import.service';
import { finishEnableBanking, listEnableBankingBanks, startEnableBanking } from './enable-banking.service';
import {
  createLinkToken,
  linkInstitution,
  linkSimplefin,
  listUserInstitutions,
  markRelinked,
  unlinkInstitution,
} from './institutions.service';
import { apiPath } from '../../plugins/route-paths';

export default async function institutionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPath('listInstitutions'),
    { onRequest: app.authenticate, schema: { response: { 200: institutionsResponse } } },
    (request) => listUserInstitutions(deps, currentBook(request)),
  );

  routes.post(
    apiPath('createLinkToken'),
    { onRequest: app.authenticate, schema: { body: linkTokenBody, response: { 200: linkTokenResponse } } },
    (request) => createLinkToken(deps, currentBook(request), request.body),
  );

  routes.post(
    apiPath('linkInstitution'),
    {
      onRequest: app.authenticate,
      schema: { body: linkInstitutionBody, response: { 201: institutionSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await linkInstitution(deps, currentBook(request), request.body)),
  );

  // SimpleFIN Bridge (DECISIONS.md #106): the setup token is claimed here, on the server.
  routes.post(
    apiPath('linkSimplefin'),
    {
      onRequest: app.authenticate,
      schema: { body: linkSimplefinBody, response: { 201: institutionSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await linkSimplefin(deps, currentBook(request), request.body)),
  );

  // Enable Banking (DECISIONS.md #111): choose a bank, go to it, come back with a code and the state.
  routes.get(
    apiPath('listEnableBankingBanks'),
    { onRequest: app.authenticate, schema: { querystring: enableBankingBanksQuery, response: { 200: enableBankingBanksResponse } } },
    (request) => listEnableBankingBanks(deps, request.query.country),
  );

  routes.post(
    apiPath('startEnableBanking'),
    { onRequest: app.authenticate, schema: { body: enableBankingStartBody, response: { 200: enableBankingStartResponse } } },
    (request) => startEnableBanking(deps, currentBook(request), request.body),
  );

  routes.post(
    apiPath('finishEnableBanking'),
    { onRequest: app.authenticate, schema: { body: enableBankingCallbackBody, response: { 201: institutionSchema } } },
    async (request, reply) => reply.status(201).send(await finishEnableBanking(deps, currentBook(request), request.body)),
  );

  routes.post(
    apiPath('markInstitutionRelinked'),
    { onRequest: app.authenticate, schema: { params: idParams, response: { 200: institutionSchema } } },
    (request) => markRelinked(deps, currentBook(request), request.params.id),
  );

  routes.delete(
    apiPath('deleteInstitution'),
    { onRequest: app.authenticate, schema: { params: idParams, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await unlinkInstitution(deps, currentBook(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Bank imports (DECISIONS.md #8): every linked bank is synced; without a provider there is
  // nothing to import and the answer says so with `imported: 0`.
  routes.post(
    apiPath('importBankTransactions'),
    {
      onRequest: app.authenticate,
      schema: {
        body: bankImportBody,
        // 403 is a bank to link again, or (as on every book write) a viewer's refusal.
        response: { 200: bankImportResponse, 403: z.union([relinkRequiredBody, messageResponse]) },
      },
    },
    async (request, reply) => {
      const outcome = await importFromBanks(deps, currentBook(request), request.body?.institution_id);
      return outcome.ok ? outcome.answer : reply.status(403).send(outcome.relink);
    },
  );
}
