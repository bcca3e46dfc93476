/**
 * Re-authentication (DECISIONS.md #29, #75): a bearer token alone must not be enough to take the
 * account over (change the e-mail, then reset the password; create a personal access token; turn
 * two-factor on) or to delete it. Every route that asks for the current password checks it here,
 * and wrong passwords count against the account's limit, so a stolen session cannot guess it.
 */
import { MESSAGES } from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { validationFailed } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { countAccountTry } from '../../plugins/account-tries';

/**
 * Checks the current password: 422 under `current_password` when it is missing or wrong, 429 once
 * the account has had 10 wrong ones in 15 minutes (then even the right one waits). A missing
 * password is no guess and is not counted; a right one is given back.
 */
export async function assertCurrentPassword(
  deps: AppDeps,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  const wrong = validationFailed({ current_password: [MESSAGES.currentPasswordWrong] });
  if (!password) throw wrong;
  const counted = await countAccountTry(deps, 'current-password', user.id);
  if (!(await verifyPassword(user.password_hash, password))) throw wrong;
  await counted.refund();
}
