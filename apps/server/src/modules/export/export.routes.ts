/**
 * Export: GET /export/transactions.csv, and GET /export/tax.zip, the tax and warranty export
 * (DECISIONS.md #113). The backup file and its restore are modules/backup.
 */
import { fileResponse, taxExportQuery } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { datedAttachment, sendZip } from '../../lib/attachment';
import { currentBook } from '../../plugins/auth';
import { transactionsCsv } from './export.service';
import { type TaxExportDeps, taxExportZip } from './tax-export.service';
import { apiPath } from '../../plugins/route-paths';

export default async function exportRoutes(app: FastifyInstance, deps: TaxExportDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const csvFile = { onRequest: app.authenticate, schema: { response: { 200: fileResponse('text/csv', 'Every transaction of the user, as CSV.') } } };

  routes.get(apiPath('exportTransactionsCsv'), csvFile, async (request, reply) => {
    const csv = await transactionsCsv(deps, currentBook(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', datedAttachment(deps.clock, 'transactions', 'csv'))
      .send(csv);
  });

  const taxZip = { 200: fileResponse('application/zip', 'tax-export.csv (date, payee, amount, currency, sub-category, notes, files) and the files under files/.') };
  routes.get(apiPath('exportTaxZip'), { onRequest: app.authenticate, schema: { querystring: taxExportQuery, response: taxZip } }, async (request, reply) => {
    const { from, to, category_ids: subcategoryIds } = request.query;
    const stream = await taxExportZip(deps, currentBook(request), { from, to, subcategoryIds });
    return sendZip(reply, stream, `attachment; filename="mindspend-tax-export-${from}-to-${to}.zip"`);
  });
}
