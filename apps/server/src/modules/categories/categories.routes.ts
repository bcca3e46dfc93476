/** GET /transactions/categories, /transactions/categories/income and /transactions/categories/expenses. */
import { categoriesResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { categoryTree } from './categories.service';

export default async function categoriesRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const options = { onRequest: app.authenticate, schema: { response: { 200: categoriesResponse } } };
  routes.get('/transactions/categories', options, () => categoryTree(deps));
  routes.get('/transactions/categories/income', options, () => categoryTree(deps, 'income'));
  routes.get('/transactions/categories/expenses', options, () => categoryTree(deps, 'expense'));
}
