/**
 * POST /upload-transactions (multipart: file, account_id, and `mapping` for a CSV whose columns
 * the person mapped) and GET /imports/{id}. The bank-import
 * call POST /transactions/import of spec §7 is the institutions module's.
 */
import multipart from '@fastify/multipart';
import { idParams, importJobSchema } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { validationFailed } from '../../lib/http-errors';
import { currentBook } from '../../plugins/auth';
import type { ImportJobQueue } from './job-queue';
import { FILE_AND_ACCOUNT_NEEDED, type UploadedFile, getImport, queueUpload } from './imports.service';
import { apiPath } from '../../plugins/route-paths';

/** Statements of many years stay far below this; anything larger is refused with 413. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/**
 * The whole upload request may be the file plus its form fields and multipart boundaries. Named
 * so the reverse proxy configurations in deploy/ are checked against it (scripts/packaging).
 */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

export default async function importsRoutes(app: FastifyInstance, options: { deps: AppDeps; importQueue: ImportJobQueue }) {
  const { deps, importQueue } = options;
  await app.register(multipart, {
    // `mapping` (a CSV's column mapping, JSON) is the largest field: a few hundred characters.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 7, fieldSize: 4096, parts: 8 },
    throwFileSizeLimit: true,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The multipart body is read part by part below, so it has no body schema to validate with.
  const uploadSchema = {
    description:
      'A multipart/form-data upload: `file` (a statement), `account_id`, and optionally `mapping` (a CSV column mapping, JSON), `confirm` (the answers to the job\'s question, comma-separated) and `sheet` (an .xlsx workbook\'s sheet, by name or number; the first by default).',
    consumes: ['multipart/form-data'],
    response: { 202: importJobSchema },
  };
  routes.post(apiPath('uploadStatement'), { onRequest: app.authenticate, bodyLimit: UPLOAD_BODY_LIMIT_BYTES, schema: uploadSchema }, async (request, reply) => {
    if (!request.isMultipart()) {
      throw validationFailed({ file: [FILE_AND_ACCOUNT_NEEDED] });
    }
    let file: UploadedFile | undefined;
    let accountId: string | undefined;
    let mapping: string | undefined;
    let confirm: string | undefined;
    let sheet: string | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file') file = { fileName: part.filename, mimeType: part.mimetype, content };
      } else if (part.fieldname === 'account_id') {
        accountId = String(part.value);
      } else if (part.fieldname === 'mapping') {
        mapping = String(part.value);
      } else if (part.fieldname === 'confirm') {
        confirm = String(part.value);
      } else if (part.fieldname === 'sheet') {
        sheet = String(part.value);
      }
    }
    const job = await queueUpload(deps, importQueue, currentBook(request), { accountId, mapping, confirm, sheet }, file);
    return reply.status(202).send(job);
  });

  routes.get(apiPath('getImport'), { onRequest: app.authenticate, schema: { params: idParams, response: { 200: importJobSchema } } }, (request) =>
    getImport(deps, currentBook(request), request.params.id),
  );
}
