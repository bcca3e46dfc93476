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
type UploadRouteName = 'uploadStatement' | 'importFromApp' | 'importBackupZip';

/** POSTs a form to route `name` and resolves with its JSON answer of a 2xx status (checked as ./api-routes.ts does). */
export async function uploadForm<N extends UploadRouteName>(name: N, form: FormData, options: UploadOptions = {}): Promise<RouteAnswerOf<N>> {
  // No upload route has path parameters: the generic N cannot show that to routeUrl's tuple type.
  const url = name === 'uploadStatement' ? routeUrl('uploadStatement') : name === 'importFromApp' ? routeUrl('importFromApp') : routeUrl('importBackupZip');
  return checkedAnswer(name, await send(url, form, options));
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
