/** GET /transactions/categories, /transactions/categories/income and /transactions/categories/expenses. */
import { categoriesResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { categoryTree } from './categories.service';
import { apiPath } from '../../plugins/route-paths';

export default async function categoriesRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const options = { onRequest: app.authenticate, schema: { response: { 200: categoriesResponse } } };
  routes.get(apiPath('listCategories'), options, (request) => categoryTree(deps, currentBook(request)));
  routes.get(apiPath('listIncomeCategories'), options, (request) => categoryTree(deps, currentBook(request), 'income'));
  routes.get(apiPath('listExpenseCategories'), options, (request) => categoryTree(deps, currentBook(request), 'expense'));
}
