/** One error shape for the whole API (ARCHITECTURE.md convention 6); never leaks internals. */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldErrors } from '@mindspend/domain';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isLockTimeout } from '../db/locked-writes';
import { HttpError } from '../lib/http-errors';
import { type SchemaIssue, toFieldErrors } from './validation-messages';

/** Fastify's own client errors, answered with a sentence instead of its internal code. */
const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body length is wrong.' },
};

export const BUSY_MESSAGE =
  'Mindspend is busy saving a large import. Nothing was changed; please try again in a few seconds.';

/** The one shape of every error answer (convention 6). */
type ErrorBody = { message: string; errors?: FieldErrors };

/**
 * Sends an error answer as plain JSON, past the route's response schemas: those describe the
 * route's own answers, and one may declare the same status with another shape (the bank import's
 * 403 'relink required'), which a `{ message }` would fail, turning a 403 into a 500 (issue 28).
 */
function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return sendError(
        reply,
        error.statusCode,
        error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validation as unknown as SchemaIssue[]);
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return sendError(reply, 422, { message: first, errors });
    }
    if (error.code?.startsWith('SQLITE_BUSY') || isLockTimeout(error)) {
      // A write waited its whole deadline for the database's write lock (SQLite) or the user's
      // write lock (PostgreSQL, db/locked-writes.ts), held by a very large import: nothing was
      // written, and trying again shortly will work.
      request.log.warn({ err: error }, 'database busy');
      return sendError(reply.header('retry-after', '5'), 503, { message: BUSY_MESSAGE });
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return sendError(reply, known.status, { message: known.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, { message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, { message: 'Server Error' });
  });
});
