/**
 * POST /api/imports/from-app (multipart: `app`, `file`, and for YNAB's register CSV an optional
 * `budget` file): switching from another budgeting app in one step (DECISIONS.md #98).
 */
import multipart from '@fastify/multipart';
import { SWITCH_FILE_NEEDED, switchSummarySchema } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { validationFailed } from '../../lib/http-errors';
import { currentBook } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';
import { MAX_UPLOAD_BYTES, UPLOAD_BODY_LIMIT_BYTES } from '../imports';
import { readAppExport, type AppUpload, type AppUploadFile } from './read-app-export';
import { writeAppExport } from './write-app-export';

export default async function switchingRoutes(app: FastifyInstance, deps: AppDeps) {
  // The same size limits as a statement upload, which the reverse proxies in deploy/ are set for.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 3, fieldSize: 64, parts: 5 }, throwFileSizeLimit: true });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    description:
      "A multipart/form-data upload: `app` (ynab, actual, firefly or mint) and `file` (YNAB's export zip or register CSV, Actual's export zip, Firefly III's transactions CSV export, Mint's transactions CSV), and for a YNAB register CSV optionally `budget` (its budget CSV); `date_order` (month-first or day-first) answers a YNAB export whose dates read both ways.",
    consumes: ['multipart/form-data'],
    response: { 201: switchSummarySchema },
  };
  routes.post(apiPath('importFromApp'), { onRequest: app.authenticate, bodyLimit: UPLOAD_BODY_LIMIT_BYTES, schema }, async (request, reply) => {
    if (!request.isMultipart()) throw validationFailed({ file: [SWITCH_FILE_NEEDED] });
    const upload: AppUpload = { app: undefined, file: undefined, budget: undefined, dateOrder: undefined };
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file: AppUploadFile = { fileName: part.filename, content: await part.toBuffer() };
        if (part.fieldname === 'file') upload.file = file;
        else if (part.fieldname === 'budget') upload.budget = file;
      } else if (part.fieldname === 'app') {
        upload.app = String(part.value);
      } else if (part.fieldname === 'date_order') {
        upload.dateOrder = String(part.value);
      }
    }
    const summary = await writeAppExport(deps, currentBook(request), readAppExport(upload));
    return reply.status(201).send(summary);
  });
}
