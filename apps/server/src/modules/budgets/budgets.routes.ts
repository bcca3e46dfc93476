/** Budgets (spec §7): month view, search, one, create, change, end; suggestions; unbudgeted sub-categories. */
import {
  budgetMonthQuery,
  budgetSchema,
  budgetSearchQuery,
  budgetsMonthResponse,
  budgetSuggestionSchema,
  createBudgetBody,
  deleteBudgetBody,
  idParams,
  monthParams,
  noContentResponse,
  transactionsResponse,
  unbudgetedQuery,
  unbudgetedSubcategorySchema,
  updateBudgetBody,
  userSchema,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { answerJson } from '../../lib/answer-json';
import { replyFromCache } from '../../plugins/cached-reply';
import { currentBook, currentUser } from '../../plugins/auth';
import { subcategoryMonthTransactions } from '../transactions';
import { budgetSuggestions, stopSuggestions } from './budget-suggestions.service';
import { createBudget, editBudget, endBudget, getBudget, monthView } from './budgets.service';
import { unbudgetedSubcategories } from './unbudgeted.service';
import { apiPath } from '../../plugins/route-paths';

export default async function budgetsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(
    apiPath('getBudgetsMonth'),
    { ...auth, schema: { params: monthParams, response: { 200: budgetsMonthResponse } } },
    // The most visited screen: its JSON is reused until the user's data (or the date) changes.
    (request, reply) =>
      replyFromCache(deps, request, reply, async () =>
        answerJson(budgetsMonthResponse, await monthView(deps, currentBook(request), request.params), deps.config.NODE_ENV),
      ),
  );

  routes.get(
    apiPath('searchBudgets'),
    { ...auth, schema: { querystring: budgetSearchQuery, response: { 200: budgetsMonthResponse } } },
    (request) => monthView(deps, currentBook(request), request.query, request.query.query),
  );

  routes.get(
    apiPath('listUnbudgetedSubcategories'),
    {
      ...auth,
      schema: { params: monthParams, querystring: unbudgetedQuery, response: { 200: z.array(unbudgetedSubcategorySchema) } },
    },
    (request) => unbudgetedSubcategories(deps, currentBook(request), request.params, request.query.account_id),
  );

  routes.get(
    apiPath('getBudget'),
    { ...auth, schema: { params: idParams, querystring: budgetMonthQuery, response: { 200: budgetSchema } } },
    (request) => getBudget(deps, currentBook(request), request.params.id, request.query),
  );

  routes.get(
    apiPath('listBudgetMonthTransactions'),
    { ...auth, schema: { params: idParams.extend(monthParams.shape), response: { 200: transactionsResponse } } },
    async (request) => {
      const scope = currentBook(request);
      const budget = await getBudget(deps, scope, request.params.id, request.params);
      return subcategoryMonthTransactions(deps, scope, budget.transaction_subcategory_id, request.params);
    },
  );

  routes.post(
    apiPath('createBudget'),
    { ...auth, schema: { body: createBudgetBody, response: { 201: budgetSchema } } },
    async (request, reply) => reply.status(201).send(await createBudget(deps, currentBook(request), request.body)),
  );

  routes.patch(
    apiPath('updateBudget'),
    { ...auth, schema: { params: idParams, body: updateBudgetBody, response: { 200: budgetSchema } } },
    (request) => editBudget(deps, currentBook(request), request.params.id, request.body),
  );

  routes.delete(apiPath('deleteBudget'), { ...auth, schema: { params: idParams, body: deleteBudgetBody, response: { 204: noContentResponse } } }, async (request, reply) => {
    await endBudget(deps, currentBook(request), request.params.id, request.body.date);
    return reply.status(204).send(null);
  });

  routes.get(apiPath('listBudgetSuggestions'), { ...auth, schema: { response: { 200: z.array(budgetSuggestionSchema) } } }, (request) =>
    budgetSuggestions(deps, currentBook(request)),
  );

  routes.post(
    apiPath('stopBudgetSuggestions'),
    // A budgeting preference, not account management: a write token may set it (DECISIONS.md #39).
    // It is the person's own, not the book's: a viewer of the request's book may set it too.
    { ...auth, config: { refusesPersonalTokens: false, writesNoBookData: true }, schema: { params: idParams, response: { 200: z.object({ user: userSchema }) } } },
    async (request) => ({ user: await stopSuggestions(deps, currentUser(request), request.params.id) }),
  );
}
