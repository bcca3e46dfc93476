import { ApiError } from '../../lib/api-client';

/**
 * What a form's current-password field shows when the server refused it: the 422's sentence, or,
 * once the account has had too many wrong passwords, the 429's own 'Too many wrong passwords.
 * Please try again in N minutes.' (DECISIONS.md #75), which the catalogue would call an unexpected
 * error. Null for any other failure.
 */
export function currentPasswordProblem(failure: unknown): string | null {
  if (!(failure instanceof ApiError)) return null;
  if (failure.status === 429) return failure.serverMessage;
  return failure.fieldErrors.current_password?.[0] ?? null;
}
