import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';

/**
 * Messages for a failed login or password-reset call. Spec §8 says login shows the response's
 * status text: the server's own message for 401 and 429, the catalogue otherwise.
 */
export function authFailureMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [UNEXPECTED_ERROR];
  if ((error.status === 401 || error.status === 429) && error.serverMessage) {
    return [error.serverMessage];
  }
  return error.messages;
}
