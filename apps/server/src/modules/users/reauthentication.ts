/**
 * Re-authentication (DECISIONS.md #29, #75, #81): a bearer token alone must not be enough to take
 * the account over (change the e-mail, then reset the password; create a personal access token;
 * turn two-factor on) or to delete it. Every route that asks for the current password checks it
 * here, and wrong passwords count against the account's limit, so a stolen session cannot guess it.
 * An account single sign-on made has no password the person knows: it confirms with a fresh
 * sign-in instead (the "or a fresh sign-in within 5 minutes").
 */
import { FRESH_SIGN_IN_MINUTES, SIGN_IN_AGAIN_TO_CONFIRM } from '@mindspend/api-contract';
import { MESSAGES } from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { validationFailed } from '../../lib/http-errors';
import { isUnusablePasswordHash, verifyPassword } from '../../lib/passwords';
import { countAccountTry } from '../../plugins/account-tries';
import { sessionSignedInAt } from './reauthentication.repo';

/** The session of the request, for routes that accept a fresh sign-in instead of the password. */
export interface ReauthenticationSession {
  /** `request.tokenHash`: the bearer token's hash (null without one). */
  tokenHash: string | null;
}

/**
 * Checks the current password: 422 under `current_password` when it is missing or wrong, 429 once
 * the account has had 10 wrong ones in 15 minutes (then even the right one waits). A missing
 * password is no guess and is not counted; a right one is given back.
 *
 * An account without a password (made by single sign-on, DECISIONS.md #81) is confirmed instead
 * by `session` having signed in within the last FRESH_SIGN_IN_MINUTES, whatever was typed; without
 * `session` (the password change, which a reset link does for such an account) or when the sign-in
 * is older, the 422 says to sign in again. An account with a password always gives it: a session
 * alone, however fresh, is what a thief holds.
 */
export async function assertCurrentPassword(
  deps: AppDeps,
  user: UserRow,
  password: string | undefined,
  session?: ReauthenticationSession,
): Promise<void> {
  if (isUnusablePasswordHash(user.password_hash)) {
    if (session && (await signedInFreshly(deps, session))) return;
    throw validationFailed({ current_password: [SIGN_IN_AGAIN_TO_CONFIRM] });
  }
  const wrong = validationFailed({ current_password: [MESSAGES.currentPasswordWrong] });
  if (!password) throw wrong;
  const counted = await countAccountTry(deps, 'current-password', user.id);
  if (!(await verifyPassword(user.password_hash, password))) throw wrong;
  await counted.refund();
}

/** True when the session signed in (password, single sign-on, passkey) within the fresh window. */
async function signedInFreshly(deps: AppDeps, session: ReauthenticationSession): Promise<boolean> {
  if (!session.tokenHash) return false;
  const signedInAt = await sessionSignedInAt(deps.db, session.tokenHash);
  if (!signedInAt) return false;
  return deps.clock.now().getTime() - new Date(signedInAt).getTime() <= FRESH_SIGN_IN_MINUTES * 60_000;
}
