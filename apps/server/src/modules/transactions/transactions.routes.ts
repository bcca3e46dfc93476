/** Transactions (spec §7): by account and month, all accounts by month, search, one, create, update, delete; the second look. */
import {
  accountMonthSchema,
  idParams,
  monthParams,
  noContentResponse,
  searchTransactionsQuery,
  secondLookCountResponse,
  secondLookQuery,
  transactionBody,
  transactionPatchBody,
  transactionSchema,
  transactionsResponse,
  type Transaction,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { answerJson } from '../../lib/answer-json';
import { replyFromCache } from '../../plugins/cached-reply';
import { currentBook, currentUser } from '../../plugins/auth';
import {
  accountMonthTransactions,
  allAccountsMonthTransactions,
  createTransaction,
  editTransaction,
  getTransaction,
  removeTransaction,
  searchTransactions,
} from './transactions.service';
import { serializeTransactions } from './transactions.serializer';
import { recordSecondFeeling, secondLookCount, secondLookDue } from './second-look.service';
import { attachRegretWarnings } from '../regret-radar';
import { apiPath } from '../../plugins/route-paths';

/**
 * The list routes answer hundreds of rows: they keep their zod response schema (the contract and
 * its documentation) but write JSON with the hand-written serializer of the same shape. The two
 * month routes are read far more often than the ledger changes, so their JSON comes from the
 * answer cache (plugins/cached-reply.ts) until the user's data changes.
 */
/** The all-accounts month: each account with its month's rows. */
const accountMonthsResponse = z.array(accountMonthSchema.extend({ transactions: transactionsResponse }));

const transactionList = { serializerCompiler: () => (data: unknown) => serializeTransactions(data as Transaction[]) };

export default async function transactionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(
    apiPath('listAccountMonthTransactions'),
    { ...auth, schema: { params: idParams.extend(monthParams.shape), response: { 200: transactionsResponse } } },
    (request, reply) =>
      replyFromCache(deps, request, reply, async () => {
        const book = currentBook(request);
        const transactions = await accountMonthTransactions(deps, book, request.params.id, request.params);
        await attachRegretWarnings(deps.db, book, request.params, [transactions]);
        return answerJson(transactionsResponse, transactions, deps.config.NODE_ENV);
      }),
  );

  routes.get(
    apiPath('listMonthTransactions'),
    {
      ...auth,
      schema: {
        params: monthParams,
        response: { 200: accountMonthsResponse },
      },
    },
    (request, reply) =>
      replyFromCache(deps, request, reply, async () => {
        const book = currentBook(request);
        const accounts = await allAccountsMonthTransactions(deps, book, request.params);
        await attachRegretWarnings(deps.db, book, request.params, accounts.map((account) => account.transactions));
        return answerJson(accountMonthsResponse, accounts, deps.config.NODE_ENV);
      }),
  );

  routes.get(
    apiPath('searchTransactions'),
    { ...auth, ...transactionList, schema: { querystring: searchTransactionsQuery, response: { 200: transactionsResponse } } },
    (request) => searchTransactions(deps, currentBook(request), request.query),
  );

  routes.post(
    apiPath('createTransaction'),
    { ...auth, schema: { params: idParams, body: transactionBody, response: { 201: transactionSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createTransaction(deps, currentBook(request), request.params.id, request.body)),
  );

  // One transaction carries its month's regret radar warning too: the details modal shows it.
  routes.get(apiPath('getTransaction'), { ...auth, schema: { params: idParams, response: { 200: transactionSchema } } }, async (request) => {
    const book = currentBook(request);
    const transaction = await getTransaction(deps, book, request.params.id);
    const month = { year: Number(transaction.date.slice(0, 4)), month: Number(transaction.date.slice(5, 7)) };
    await attachRegretWarnings(deps.db, book, month, [[transaction]]);
    return transaction;
  });

  routes.put(
    apiPath('updateTransaction'),
    { ...auth, schema: { params: idParams, body: transactionBody, response: { 200: transactionSchema } } },
    (request) => editTransaction(deps, currentBook(request), request.params.id, request.body),
  );

  // PATCH is PUT's alias, and also takes a second look alone (DECISIONS.md #44).
  routes.patch(
    apiPath('patchTransaction'),
    { ...auth, schema: { params: idParams, body: transactionPatchBody, response: { 200: transactionSchema } } },
    (request) => {
      const { second_feeling: secondFeeling, ...whole } = request.body;
      const scope = currentBook(request);
      return secondFeeling === undefined
        ? editTransaction(deps, scope, request.params.id, whole)
        : recordSecondFeeling(deps, scope, request.params.id, secondFeeling);
    },
  );

  routes.get(
    apiPath('listSecondLook'),
    { ...auth, ...transactionList, schema: { querystring: secondLookQuery, response: { 200: transactionsResponse } } },
    (request) => secondLookDue(deps, currentBook(request), currentUser(request), request.query),
  );

  routes.get(apiPath('countSecondLook'), { ...auth, schema: { response: { 200: secondLookCountResponse } } }, async (request) => ({
    count: await secondLookCount(deps, currentBook(request), currentUser(request)),
  }));

  routes.delete(apiPath('deleteTransaction'), { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await removeTransaction(deps, currentBook(request), request.params.id);
    return reply.status(204).send(null);
  });
}
