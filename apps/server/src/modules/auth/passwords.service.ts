/**
 * The password workflows: a reset link mailed on request, a new password set with it, and a
 * password changed by the signed-in user. A new password is stored, and the other sessions signed
 * out, in one transaction.
 */
import type { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '@mindspend/api-contract';
import { MESSAGES } from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { validationFailed } from '../../lib/http-errors';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { insertPersonalNotification } from '../notifications';
import { deletePersonalTokensOfUser } from '../personal-tokens';
import { assertCurrentPassword, normalizeEmail, findUserByEmail, updateUser } from '../users';
import { consumePasswordReset, deleteApiTokensOfUser, insertPasswordReset, revokePasswordResets } from './auth.repo';

const RESET_LINK_MINUTES = 60;
export const RESET_EMAIL_SENT = 'Reset password email sent successfully.';
export const PASSWORD_RESET_DONE =
  'Your password has been reset. Every device was signed out and your personal access tokens were revoked. You can now sign in.';
export const PASSWORD_UPDATED = 'Password updated successfully!';

/** Mails a one-time reset link when the address has an account; answers the same either way. */
export async function forgotPassword(deps: AppDeps, body: ForgotPasswordBody): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, normalizeEmail(body.email ?? ''));
  if (!user) return { message: RESET_EMAIL_SENT };

  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString();
  const link = `${deps.config.APP_URL}/reset-password/${token}/${Buffer.from(user.email).toString('base64url')}`;
  const message = {
    userId: user.id,
    to: user.email,
    subject: 'Reset your Mindspend password',
    text: [
      'Someone asked to reset the password of your Mindspend account.',
      `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password:`,
      link,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n\n'),
  };
  const outboxId = await deps.db.transaction().execute(async (trx) => {
    await insertPasswordReset(trx, { userId: user.id, tokenHash: hashToken(token), expiresAt, createdAt: now.toISOString() });
    return deps.mailer.queue(trx, message);
  });
  // Not awaited: an SMTP round trip only for known addresses would tell, by the time the answer
  // takes, which addresses have accounts. The message is already in the outbox either way.
  void deps.mailer.deliver(deps.db, outboxId, message);
  return { message: RESET_EMAIL_SENT };
}

/**
 * Sets a new password with a reset link's token: once, within 60 minutes; signs out everywhere and
 * revokes the personal access tokens, which a thief may have left behind (DECISIONS.md #75).
 */
export async function resetPassword(deps: AppDeps, body: ResetPasswordBody): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, normalizeEmail(body.email ?? ''));
  const invalid = validationFailed({ token: [MESSAGES.resetTokenInvalid] });
  assertUncommonPassword(body.password ?? '', 'password');
  // Hashed before the user is looked at, so an unknown e-mail costs the same argon2 work as a
  // known one and the time of the answer does not tell which addresses have accounts.
  const passwordHash = await hashPassword(body.password ?? '');
  if (!user) throw invalid;
  const now = isoNow(deps.clock);

  await deps.db.transaction().execute(async (trx) => {
    if (!(await consumePasswordReset(trx, user.id, hashToken(body.token ?? ''), now))) throw invalid;
    await revokePasswordResets(trx, user.id, now);
    // An account single sign-on made has a password from now on: the new hash has no mark (DECISIONS.md #81).
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
    await deleteApiTokensOfUser(trx, user.id);
    await deletePersonalTokensOfUser(trx, user.id);
    await insertPersonalNotification(trx, {
      userId: user.id,
      title: 'Password reset',
      message:
        'Your password was reset with an e-mailed link. Every other session was signed out and your personal access tokens were revoked.',
      createdAt: now,
    });
  });
  return { message: PASSWORD_RESET_DONE };
}

/** Checks the current password, stores the new one and signs out the user's other sessions. */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  currentTokenHash: string | null,
  body: ChangePasswordBody,
): Promise<{ message: string }> {
  await assertCurrentPassword(deps, user, body.current_password);
  assertUncommonPassword(body.new_password ?? '', 'new_password');
  const passwordHash = await hashPassword(body.new_password ?? '');
  const now = isoNow(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
    await revokePasswordResets(trx, user.id, now);
    await deleteApiTokensOfUser(trx, user.id, currentTokenHash ?? undefined);
    // Scripts keep their tokens unless the person asks (DECISIONS.md #75): a change is not always a theft.
    if (body.revoke_personal_tokens) await deletePersonalTokensOfUser(trx, user.id);
    await insertPersonalNotification(trx, {
      userId: user.id,
      title: 'Password changed',
      message: body.revoke_personal_tokens
        ? 'Your password was changed. Other sessions were signed out and your personal access tokens revoked.'
        : 'Your password was changed. Other sessions were signed out.',
      createdAt: now,
    });
  });
  return { message: PASSWORD_UPDATED };
}
