/**
 * POST /receipts (multipart: `file`, a photo of a receipt) and GET /receipts/{id} (issue 33;
 * DECISIONS.md #108). Reading is CPU-heavy: the upload is limited per client address like the
 * sign-in routes, and the worker pool refuses reads beyond the few it can queue (503).
 */
import multipart from '@fastify/multipart';
import { RECEIPT_FILE_NEEDED, RECEIPT_MAX_BYTES, RECEIPT_TOO_LARGE, idParams, receiptReadSchema } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { HttpError, validationFailed } from '../../lib/http-errors';
import { currentBook } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';
import { rateLimited } from '../../plugins/security';
import { type ReceiptReader, readReceipt, receiptRead } from './receipts.service';

/** The photo plus the multipart boundaries and headers around it. */
const BODY_LIMIT_BYTES = RECEIPT_MAX_BYTES + 16 * 1024;

export default async function receiptsRoutes(app: FastifyInstance, options: { deps: AppDeps; reader: ReceiptReader }) {
  const { deps, reader } = options;
  await app.register(multipart, { limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 0, parts: 1 }, throwFileSizeLimit: true });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The multipart body is read part by part below, so it has no body schema to validate with.
  const readSchema = {
    description: 'A multipart/form-data upload of one photo, `file` (JPEG, PNG or WebP, decided from its bytes). 200 when read within a few seconds, else 202: ask GET /api/receipts/{id}.',
    consumes: ['multipart/form-data'],
    response: { 200: receiptReadSchema, 202: receiptReadSchema },
  };
  routes.post(
    apiPath('readReceipt'),
    { onRequest: app.authenticate, bodyLimit: BODY_LIMIT_BYTES, config: rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE), schema: readSchema },
    async (request, reply) => {
      // A body that says it is larger than a photo may be is refused before a byte of it is read.
      if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) throw new HttpError(413, RECEIPT_TOO_LARGE);
      if (!request.isMultipart()) throw validationFailed({ file: [RECEIPT_FILE_NEEDED] });
      let content: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'file') content = await part.toBuffer();
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (error) {
        throw uploadProblem(error);
      }
      const answer = await readReceipt(deps, reader, currentBook(request), content);
      return reply.status(answer.status).send(answer.read);
    },
  );

  routes.get(apiPath('getReceiptRead'), { onRequest: app.authenticate, schema: { params: idParams, response: { 200: receiptReadSchema } } }, (request) =>
    receiptRead(deps, currentBook(request), request.params.id),
  );
}

/** The multipart reader's failures in the person's words: too large (413), else cut short or malformed (400). */
function uploadProblem(error: unknown): HttpError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new HttpError(413, RECEIPT_TOO_LARGE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return validationFailed({ file: ['Send the photo alone, as the one field `file`.'] });
  }
  return new HttpError(400, 'The upload was cut short or is not a well-formed form: send the photo again.');
}
