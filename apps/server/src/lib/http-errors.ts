/** Errors a service throws on purpose; the error plugin turns each into its HTTP answer. */
import type { FieldErrors } from '@mindspend/domain';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 422 with per-field messages (ARCHITECTURE.md convention 6). */
export function validationFailed(errors: FieldErrors): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError(422, first, errors);
}

/** 404 for unknown ids and for ids that belong to someone else (convention 2). */
export function notFound(what = 'Resource'): HttpError {
  return new HttpError(404, `${what} not found.`);
}

/** 401 with the message the web client's interceptor logs out on (spec §8). */
export function unauthenticated(): HttpError {
  return new HttpError(401, 'Unauthenticated.');
}
