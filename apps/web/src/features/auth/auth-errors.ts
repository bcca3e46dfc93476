import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';

/** Statuses whose body says in words why the server refused; any other gets the catalogue's. */
const TOLD_STATUSES = new Set([401, 403, 429]);

/**
 * Messages for a failed login, sign-up or password-reset call. Spec §8 says login shows the
 * response's status text: the server's own message for 401 and 429, the catalogue otherwise. A
 * 403 says why too: a sign-up this server does not take (DECISIONS.md #79).
 */
export function authFailureMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [UNEXPECTED_ERROR];
  if (TOLD_STATUSES.has(error.status) && error.serverMessage) {
    return [error.serverMessage];
  }
  return error.messages;
}
