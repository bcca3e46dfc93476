/** The backup: GET /export/backup.json (the whole book as one file) and POST /import-backup (its restore). */
import { BACKUP_MAX_BYTES, fileResponse, importBackupResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { datedAttachment } from '../../lib/attachment';
import { currentBook } from '../../plugins/auth';
import { backupFile } from './backup-file.service';
import { importBackup } from './restore.service';
import { apiPath } from '../../plugins/route-paths';

export default async function backupRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const backup = { 200: fileResponse('application/json', 'All of the book’s data, restorable with POST /import-backup into an empty book.') };

  // The file is written with JSON.stringify, not the zod serializer: a backup can hold hundreds of thousands of rows.
  routes.get(apiPath('exportBackup'), { ...auth, schema: { response: backup } }, async (request, reply) => {
    const file = await backupFile(deps, currentBook(request));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', datedAttachment(deps.clock, 'backup', 'json'))
      .send(JSON.stringify(file));
  });

  // The service validates the body itself, so that a wrong file gets one clear sentence.
  routes.post(
    apiPath('importBackup'),
    { ...auth, bodyLimit: BACKUP_MAX_BYTES, schema: { body: z.unknown(), response: { 201: importBackupResponse } } },
    async (request, reply) => reply.status(201).send(await importBackup(deps, currentBook(request), request.body)),
  );
}
