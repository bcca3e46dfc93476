/** Accounts (spec §7): list, types, by month, one, create, update, delete. */
import {
  accountMonthsResponse,
  accountSchema,
  accountsResponse,
  accountTypesResponse,
  createAccountBody,
  idParams,
  monthParams,
  noContentResponse,
  updateAccountBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { listAccountTypes } from './accounts.repo';
import { createAccount, editAccount, getAccount, listAccountsForMonth, listUserAccounts, removeAccount } from './accounts.service';
import { apiPath } from '../../plugins/route-paths';

export default async function accountsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listAccounts'), { ...auth, schema: { response: { 200: accountsResponse } } }, (request) =>
    listUserAccounts(deps, currentBook(request)),
  );

  // One product store asks for the types with POST; both answer the same list.
  for (const method of ['GET', 'POST'] as const) {
    routes.route({
      method,
      url: apiPath('listAccountTypes'),
      ...auth,
      schema: { response: { 200: accountTypesResponse } },
      handler: () => listAccountTypes(deps.db),
    });
  }

  routes.get(
    apiPath('listAccountMonths'),
    { ...auth, schema: { params: monthParams, response: { 200: accountMonthsResponse } } },
    (request) => listAccountsForMonth(deps, currentBook(request), request.params),
  );

  routes.get(apiPath('getAccount'), { ...auth, schema: { params: idParams, response: { 200: accountSchema } } }, (request) =>
    getAccount(deps, currentBook(request), request.params.id),
  );

  routes.post(
    apiPath('createAccount'),
    { ...auth, schema: { body: createAccountBody, response: { 201: accountSchema } } },
    async (request, reply) => reply.status(201).send(await createAccount(deps, currentBook(request), request.body)),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    routes.route({
      method,
      url: apiPath('getAccount'),
      ...auth,
      schema: { params: idParams, body: updateAccountBody, response: { 200: accountSchema } },
      handler: (request) => editAccount(deps, currentBook(request), request.params.id, request.body),
    });
  }

  routes.delete(apiPath('deleteAccount'), { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removeAccount(deps, currentBook(request), request.params.id);
    return reply.status(204).send(null);
  });
}
