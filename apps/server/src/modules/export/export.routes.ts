/** Export and backup: GET /export/transactions.csv, GET /export/backup.json, POST /import-backup. */
import { BACKUP_MAX_BYTES, fileResponse, importBackupResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { importBackup } from './backup-import.service';
import { backupFile, transactionsCsv } from './export.service';

const attachment = (name: string) => `attachment; filename="${name}"`;

export default async function exportRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const csvFile = { ...auth, schema: { response: { 200: fileResponse('text/csv', 'Every transaction of the user, as CSV.') } } };
  const backup = { 200: fileResponse('application/json', 'All of the book’s data, restorable with POST /import-backup into an empty book.') };
  const backupFileRoute = { ...auth, schema: { response: backup } };
  const today = () => deps.clock.now().toISOString().slice(0, 10);

  routes.get('/export/transactions.csv', csvFile, async (request, reply) => {
    const csv = await transactionsCsv(deps, currentBook(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(`mindspend-transactions-${today()}.csv`))
      .send(csv);
  });

  // The file is written with JSON.stringify, not the zod serializer: a backup can hold hundreds of thousands of rows.
  routes.get('/export/backup.json', backupFileRoute, async (request, reply) => {
    const backup = await backupFile(deps, currentBook(request));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', attachment(`mindspend-backup-${today()}.json`))
      .send(JSON.stringify(backup));
  });

  // The service validates the body itself, so that a wrong file gets one clear sentence.
  routes.post(
    '/import-backup',
    { ...auth, bodyLimit: BACKUP_MAX_BYTES, schema: { body: z.unknown(), response: { 201: importBackupResponse } } },
    async (request, reply) => reply.status(201).send(await importBackup(deps, currentBook(request), request.body)),
  );
}
