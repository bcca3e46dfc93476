/**
 * Two-factor sign-in (DECISIONS.md #28): set up with the password (pending), confirm with a first
 * code (on, with ten recovery codes), check a second factor at sign-in, turn off with the password
 * and a code. Turning it on or off mails the person a notice (DECISIONS.md #75).
 */
import { randomInt } from 'node:crypto';
import type { RecoveryCodesResponse, TwoFactorSetupResponse } from '@mindspend/api-contract';
import { MESSAGES } from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { validationFailed } from '../../lib/http-errors';
import { hashToken } from '../../lib/tokens';
import { countAccountTry } from '../../plugins/account-tries';
import { assertCurrentPassword, twoFactorOffNotice, twoFactorOnNotice, type ReauthenticationSession } from '../users';
import { SecretBox } from './secret-box';
import { acceptedTotpStep, newTotpSecret, otpauthUrl } from './totp';
import {
  claimTotpStep,
  consumeRecoveryCode,
  disableTwoFactor,
  enableTwoFactor,
  replaceRecoveryCodes,
  setPendingSecret,
} from './two-factor.repo';

const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper reads one way only. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 10 characters of 31, about 49 bits, single use and stored hashed. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The form a recovery code is hashed in: case, spaces and dashes do not matter. */
function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
}

export function isTwoFactorOn(user: UserRow): boolean {
  return user.two_factor_enabled_at !== null;
}

/**
 * Stores a new pending secret. It asks for the password (DECISIONS.md #75): with a session alone,
 * whoever holds it could put their own authenticator between the person and their account.
 */
export async function startTwoFactorSetup(
  deps: AppDeps,
  user: UserRow,
  body: { current_password?: string | undefined },
  session?: ReauthenticationSession,
): Promise<TwoFactorSetupResponse> {
  if (isTwoFactorOn(user)) throw validationFailed({ two_factor: [MESSAGES.twoFactorAlreadyOn] });
  await assertCurrentPassword(deps, user, body.current_password, session);
  const secret = newTotpSecret();
  await setPendingSecret(deps.db, user.id, new SecretBox(deps.config).seal(secret), isoNow(deps.clock));
  return { secret, otpauth_url: otpauthUrl(secret, user.email) };
}

export async function confirmTwoFactor(deps: AppDeps, user: UserRow, code: string): Promise<RecoveryCodesResponse> {
  if (isTwoFactorOn(user)) throw validationFailed({ code: [MESSAGES.twoFactorAlreadyOn] });
  if (!user.two_factor_secret_encrypted) throw validationFailed({ code: [MESSAGES.twoFactorNotPending] });
  const secret = new SecretBox(deps.config).open(user.two_factor_secret_encrypted);
  const step = await acceptedTotpStep(secret, code.trim(), deps.clock.now(), null);
  if (step === null) throw validationFailed({ code: [MESSAGES.oneTimePasswordWrong] });

  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = isoNow(deps.clock);
  const notice = twoFactorOnNotice(user, now, deps.config.SUPPORT_EMAIL);
  const outboxId = await deps.db.transaction().execute(async (trx) => {
    if (!(await enableTwoFactor(trx, user.id, step, now))) return null;
    await replaceRecoveryCodes(trx, user.id, codes.map(recoveryCodeHash));
    return deps.mailer.queue(trx, notice);
  });
  if (outboxId === null) throw validationFailed({ code: [MESSAGES.twoFactorAlreadyOn] });
  void deps.mailer.deliver(deps.db, outboxId, notice);
  return { recovery_codes: codes };
}

/**
 * True when `code` is a current TOTP code not used before, or an unused recovery code (then used
 * up). Each check is one guarded update, so a code raced from two requests works once.
 */
export async function acceptSecondFactor(deps: AppDeps, user: UserRow, code: string): Promise<boolean> {
  if (!user.two_factor_secret_encrypted || !isTwoFactorOn(user)) return false;
  // Right or wrong, every code counts: 10 tries of 3 valid codes in a million every 15 minutes.
  await countAccountTry(deps, 'two-factor', user.id);
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const secret = new SecretBox(deps.config).open(user.two_factor_secret_encrypted);
    const step = await acceptedTotpStep(secret, trimmed, deps.clock.now(), user.two_factor_last_step);
    return step !== null && (await claimTotpStep(deps.db, user.id, step));
  }
  return consumeRecoveryCode(deps.db, user.id, recoveryCodeHash(trimmed), isoNow(deps.clock));
}

/** Turning it off asks for the password and a code (re-authentication, DECISIONS.md #29). */
export async function turnOffTwoFactor(
  deps: AppDeps,
  user: UserRow,
  body: { current_password?: string; code?: string },
  session?: ReauthenticationSession,
): Promise<void> {
  if (!isTwoFactorOn(user)) throw validationFailed({ code: [MESSAGES.twoFactorOff] });
  await assertCurrentPassword(deps, user, body.current_password, session);
  if (!(await acceptSecondFactor(deps, user, body.code ?? ''))) throw validationFailed({ code: [MESSAGES.oneTimePasswordWrong] });
  const now = isoNow(deps.clock);
  const notice = twoFactorOffNotice(user, now, deps.config.SUPPORT_EMAIL);
  const outboxId = await deps.db.transaction().execute(async (trx) => {
    await disableTwoFactor(trx, user.id, now);
    return deps.mailer.queue(trx, notice);
  });
  void deps.mailer.deliver(deps.db, outboxId, notice);
}
