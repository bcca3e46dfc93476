/** Export: GET /export/transactions.csv (the backup file and its restore are modules/backup). */
import { fileResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { datedAttachment } from '../../lib/attachment';
import { currentBook } from '../../plugins/auth';
import { transactionsCsv } from './export.service';
import { apiPath } from '../../plugins/route-paths';

export default async function exportRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const csvFile = { onRequest: app.authenticate, schema: { response: { 200: fileResponse('text/csv', 'Every transaction of the user, as CSV.') } } };

  routes.get(apiPath('exportTransactionsCsv'), csvFile, async (request, reply) => {
    const csv = await transactionsCsv(deps, currentBook(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', datedAttachment(deps.clock, 'transactions', 'csv'))
      .send(csv);
  });
}
