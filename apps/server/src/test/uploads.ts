/** Multipart uploads for the import API tests, built by hand as a browser would send them. */
import type { FastifyInstance } from 'fastify';

const BOUNDARY = '----mindspend-test-boundary';

export interface UploadPart {
  name: string;
  type: string;
  content: string | Buffer | Uint8Array;
  /** The form field; `file` unless said. */
  field?: string;
}

/** A multipart/form-data body with text fields and any files. */
export function multipartBody(fields: Record<string, string>, files?: UploadPart | UploadPart[]): { payload: Buffer; headers: Record<string, string> } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files === undefined ? [] : Array.isArray(files) ? files : [files]) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content) : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/**
 * Uploads a statement and waits until the background worker has finished with it. The CSVs of
 * these tests are US exports: unless `fields` says otherwise, the upload answers the date question
 * (DECISIONS.md #95) month first, as their person would when a file's dates all read two ways.
 */
export function uploadStatement(
  app: FastifyInstance,
  token: string,
  accountId: number | string,
  content: string | Buffer,
  name = 'statement.csv',
  type = 'text/csv',
  fields: Record<string, string> = {},
) {
  const usDates: Record<string, string> = type === 'text/csv' && fields.confirm === undefined ? { confirm: 'month-first' } : {};
  return uploadStatementAsIs(app, token, { accountId, content, name, type, fields: { ...usDates, ...fields } });
}

export interface StatementUpload {
  accountId: number | string;
  content: string | Buffer;
  /** The file's name and media type as the browser sends them; a US CSV unless said. */
  name?: string;
  type?: string;
  /** Every form field besides `account_id`, sent exactly as given. */
  fields?: Record<string, string>;
}

/** Uploads a statement with exactly the fields given, and waits for the background worker. */
export async function uploadStatementAsIs(app: FastifyInstance, token: string, upload: StatementUpload) {
  const { name = 'statement.csv', type = 'text/csv', fields = {} } = upload;
  const body = multipartBody({ account_id: String(upload.accountId), ...fields }, { name, type, content: upload.content });
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload-transactions',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  await app.imports.idle();
  if (response.statusCode !== 202) return { response, job: null };
  const job = await app.inject({ method: 'GET', url: `/api/imports/${response.json<{ id: number }>().id}`, headers: { authorization: `Bearer ${token}` } });
  return { response, job: job.json<Record<string, unknown>>() };
}
