/**
 * Multipart uploads with upload progress. fetch cannot report how much of a request body has
 * been sent, so this one call uses XMLHttpRequest; it adds the bearer token and the chosen book's
 * header (./book.ts) and turns failures into the same ApiError the api client throws, so the
 * screens read both alike.
 */
import type { RouteAnswerOf } from '@mindspend/api-contract';
import { ApiError, NetworkError } from './api-client';
import { checkedAnswer, routeUrl } from './api-routes';
import { bookHeaders, chosenBookId, noteBookAnswer } from './book';
import { getSession } from './session';

export interface UploadOptions {
  /** Whole percent of the body sent so far, 0-100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The routes that take a multipart form (ROUTE_ANSWERS: `body: 'multipart'`). */
type UploadRouteName = 'uploadStatement' | 'importFromApp' | 'importBackupZip' | 'addAttachments' | 'readReceipt';

/** The path parameters of each upload route: only a transaction's attachments name one. */
interface UploadParams {
  uploadStatement: undefined;
  importFromApp: undefined;
  importBackupZip: undefined;
  readReceipt: undefined;
  addAttachments: { id: number };
}

/** The URL of upload route `name`: the route table's path with its parameters (./api-routes.ts). */
function uploadUrl<N extends UploadRouteName>(name: N, params: UploadParams[N]): string {
  switch (name) {
    case 'addAttachments':
      return routeUrl('addAttachments', { params: params as UploadParams['addAttachments'] });
    case 'readReceipt':
      return routeUrl('readReceipt');
    case 'importFromApp':
      return routeUrl('importFromApp');
    case 'importBackupZip':
      return routeUrl('importBackupZip');
    default:
      return routeUrl('uploadStatement');
  }
}

/**
 * POSTs a form to route `name` and resolves with its JSON answer of a 2xx status (checked as
 * ./api-routes.ts does). `params` are the route's path parameters, for the one route that has them.
 */
export async function uploadForm<N extends UploadRouteName>(
  name: N,
  form: FormData,
  options: UploadOptions & (UploadParams[N] extends undefined ? { params?: undefined } : { params: UploadParams[N] }) = {} as never,
): Promise<RouteAnswerOf<N>> {
  return checkedAnswer(name, await send(uploadUrl(name, options.params as UploadParams[N]), form, options));
}

function send(url: string, form: FormData, options: UploadOptions): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const { token } = getSession();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const bookId = chosenBookId();
    for (const [name, value] of Object.entries(bookHeaders(bookId))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else {
        const error = new ApiError(xhr.status, body);
        noteBookAnswer(bookId, xhr.status, error.serverMessage);
        reject(error);
      }
    };
    // Network failure or an aborted request: no status from the server.
    xhr.onerror = () => reject(new NetworkError('POST'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
