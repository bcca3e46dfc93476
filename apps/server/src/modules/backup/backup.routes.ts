/**
 * The backup: GET /export/backup.json (the whole book as one file), GET /export/backup.zip (that
 * file with the attached files; DECISIONS.md #113), and their restores POST /import-backup (the
 * JSON) and POST /import-backup/zip (the zip, multipart: one `file` part).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { BACKUP_MAX_BYTES, BACKUP_ZIP_MAX_BYTES, BACKUP_ZIP_MESSAGES, fileResponse, importBackupResponse, messageResponse } from '@mindspend/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { datedAttachment, sendZip } from '../../lib/attachment';
import { HttpError } from '../../lib/http-errors';
import { currentBook } from '../../plugins/auth';
import { backupFile } from './backup-file.service';
import { backupZip } from './backup-zip.service';
import { importBackup } from './restore.service';
import { type RestoreZipDeps, importBackupZip } from './restore-zip.service';
import { apiPath } from '../../plugins/route-paths';

/** The multipart boundaries and part headers around the zip. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A multipart failure as a sentence: too large (413), else a body cut short or not a form (400). */
function uploadProblem(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, BACKUP_ZIP_MESSAGES.tooLarge);
  return new HttpError(400, BACKUP_ZIP_MESSAGES.fileRequired);
}

/** Streams the upload's `file` part to a temporary file (never the whole zip in memory); answers its path. */
async function receiveZip(request: FastifyRequest, directory: string): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(422, BACKUP_ZIP_MESSAGES.fileRequired);
  const zipPath = path.join(directory, 'backup.zip');
  let received = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      await pipeline(part.file, createWriteStream(zipPath));
      received = true;
    }
  } catch (error) {
    throw uploadProblem(error);
  }
  if (!received) throw new HttpError(422, BACKUP_ZIP_MESSAGES.fileRequired);
  return zipPath;
}

export default async function backupRoutes(app: FastifyInstance, deps: RestoreZipDeps) {
  await app.register(multipart, { limits: { fileSize: BACKUP_ZIP_MAX_BYTES, files: 1, fields: 0, parts: 1 }, throwFileSizeLimit: true });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const backup = { 200: fileResponse('application/json', 'All of the book’s data, restorable with POST /import-backup into an empty book.') };
  const zipFile = { 200: fileResponse('application/zip', 'backup.json and every attached file under attachments/<id>/, restorable with POST /import-backup/zip.') };

  // The file is written with JSON.stringify, not the zod serializer: a backup can hold hundreds of thousands of rows.
  routes.get(apiPath('exportBackup'), { ...auth, schema: { response: backup } }, async (request, reply) => {
    const file = await backupFile(deps, currentBook(request));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', datedAttachment(deps.clock, 'backup', 'json'))
      .send(JSON.stringify(file));
  });

  routes.get(apiPath('exportBackupZip'), { ...auth, schema: { response: zipFile } }, async (request, reply) => {
    const stream = await backupZip(deps, currentBook(request));
    return sendZip(reply, stream, datedAttachment(deps.clock, 'backup', 'zip'));
  });

  // The service validates the body itself, so that a wrong file gets one clear sentence.
  routes.post(
    apiPath('importBackup'),
    { ...auth, bodyLimit: BACKUP_MAX_BYTES, schema: { body: z.unknown(), response: { 201: importBackupResponse } } },
    async (request, reply) => reply.status(201).send(await importBackup(deps, currentBook(request), request.body)),
  );

  // A declared length over the limit is refused from its header: not one byte of the body is read.
  const refuseDeclaredOversize = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > BACKUP_ZIP_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw new HttpError(413, BACKUP_ZIP_MESSAGES.tooLarge);
  };
  routes.post(
    apiPath('importBackupZip'),
    {
      onRequest: [app.authenticate, refuseDeclaredOversize],
      bodyLimit: BACKUP_ZIP_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      schema: {
        description: 'multipart/form-data with one `file` part: the zip of GET /export/backup.zip (or of an older server’s JSON backup, zipped as backup.json).',
        consumes: ['multipart/form-data'],
        response: { 201: importBackupResponse, 413: messageResponse },
      },
    },
    async (request, reply) => {
      const directory = await mkdtemp(path.join(os.tmpdir(), 'mindspend-restore-'));
      try {
        const zipPath = await receiveZip(request, directory);
        return reply.status(201).send(await importBackupZip(deps, currentBook(request), zipPath));
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  );
}
