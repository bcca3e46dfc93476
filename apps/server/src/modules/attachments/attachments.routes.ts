/**
 * GET/POST /transactions/{id}/attachments, GET /attachments/{id} and /attachments/{id}/thumbnail,
 * DELETE /attachments/{id} (issue 33; DECISIONS.md #107). Uploads are multipart, one or more
 * `file` parts; a declared length over the limit is refused before anything is read. Files are
 * served as downloads that a browser will neither sniff nor run: `nosniff`, and a CSP that
 * allows nothing and sandboxes whatever opens them.
 */
import multipart from '@fastify/multipart';
import {
  ATTACHMENT_MESSAGES,
  attachmentTooLargeMessage,
  attachmentsResponse,
  fileResponse,
  idParams,
  messageResponse,
  noContentResponse,
} from '@mindspend/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors';
import { currentBook } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';
import {
  type AttachmentDeps,
  type ServedFile,
  type UploadedAttachment,
  addAttachments,
  attachmentFile,
  attachmentThumbnail,
  checkCanAttach,
  removeAttachment,
  transactionAttachments,
} from './attachments.service';
import { contentDisposition } from './safe-file-name';

/** Files one upload request may carry. */
export const MAX_FILES_PER_UPLOAD = 10;
/** The multipart boundaries and part headers around the files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What a file answer's headers say: a download, never sniffed, never run. */
function sendFile(reply: FastifyReply, file: ServedFile) {
  return reply
    .header('content-type', file.mediaType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-length', String(file.bytes.length))
    .send(file.bytes);
}

/** A multipart failure as a sentence: too large (413), too many files, or a body cut short (400). */
function uploadProblem(error: unknown, maxMb: number): Error {
  if (error instanceof HttpError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, attachmentTooLargeMessage(maxMb));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(413, `Attach at most ${MAX_FILES_PER_UPLOAD} files at a time.`);
  }
  return new HttpError(400, ATTACHMENT_MESSAGES.truncated);
}

export default async function attachmentsRoutes(
  app: FastifyInstance,
  deps: AttachmentDeps & { maxMb: number },
) {
  const maxBytes = deps.maxMb * 1024 * 1024;
  const uploadLimit = maxBytes * MAX_FILES_PER_UPLOAD + MULTIPART_OVERHEAD_BYTES;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD, fields: 0, parts: MAX_FILES_PER_UPLOAD },
    throwFileSizeLimit: true,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  // A 10 GB Content-Length is refused from its header: not one byte of the body is read.
  const refuseDeclaredOversize = async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > uploadLimit) throw new HttpError(413, attachmentTooLargeMessage(deps.maxMb));
  };

  routes.get(
    apiPath('listAttachments'),
    { ...auth, schema: { params: idParams, response: { 200: attachmentsResponse } } },
    (request) => transactionAttachments(deps, currentBook(request), request.params.id),
  );

  routes.post(
    apiPath('addAttachments'),
    {
      onRequest: [app.authenticate, refuseDeclaredOversize],
      bodyLimit: uploadLimit,
      schema: {
        description:
          'multipart/form-data with one or more `file` parts: JPEG, PNG, WebP or HEIC photos, or PDF documents.',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: attachmentsResponse, 413: messageResponse },
      },
    },
    async (request, reply) => {
      const scope = currentBook(request);
      await checkCanAttach(deps, scope, request.params.id);
      if (!request.isMultipart()) throw new HttpError(422, ATTACHMENT_MESSAGES.fileRequired);
      const uploads: UploadedAttachment[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file') uploads.push({ fileName: part.filename, bytes });
        }
      } catch (error) {
        throw uploadProblem(error, deps.maxMb);
      }
      return reply.status(201).send(await addAttachments(deps, scope, request.params.id, uploads));
    },
  );

  const fileAnswer = (description: string) => ({
    200: fileResponse('application/octet-stream', description),
    404: messageResponse,
  });
  routes.get(
    apiPath('getAttachmentFile'),
    {
      ...auth,
      schema: {
        params: idParams,
        response: fileAnswer('The file, with its own media type: a JPEG, PNG or WebP image, or a PDF.'),
      },
    },
    async (request, reply) =>
      sendFile(reply, await attachmentFile(deps, currentBook(request), request.params.id)),
  );

  routes.get(
    apiPath('getAttachmentThumbnail'),
    {
      ...auth,
      schema: { params: idParams, response: fileAnswer('A JPEG at most 320 pixels on its longest side.') },
    },
    async (request, reply) =>
      sendFile(reply, await attachmentThumbnail(deps, currentBook(request), request.params.id)),
  );

  routes.delete(
    apiPath('deleteAttachment'),
    { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await removeAttachment(deps, currentBook(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
