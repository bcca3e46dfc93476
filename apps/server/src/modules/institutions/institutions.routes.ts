/**
 * GET /institutions: banks linked through a bank-data provider (DECISIONS.md #8). No provider
 * adapter exists yet (Plaid arrives with the imports work), so none can be linked and the answer
 * says so instead of pretending; CSV and OFX/QFX import do not depend on it.
 */
import { institutionsResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export default async function institutionsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/institutions',
    { onRequest: app.authenticate, schema: { response: { 200: institutionsResponse } } },
    async () => ({ provider_configured: false, institutions: [] }),
  );
}
