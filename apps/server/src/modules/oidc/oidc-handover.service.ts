/**
 * The web app's half of a single sign-on (DECISIONS.md #81): the code the callback left in the
 * page's URL fragment is exchanged for a session (or, for an account with the provider's e-mail,
 * answers that the link needs the password), once. The session is issued as a password sign-in
 * issues it, new-device notice included; Mindspend's own second factor is not asked when the
 * provider signed the person in (the provider authenticates), but it is when a link is confirmed
 * with the password.
 */
import {
  OIDC_ALREADY_LINKED,
  OIDC_HANDOVER_EXPIRED,
  type LoginResponse,
  type OidcExchangeBody,
  type OidcExchangeResponse,
  type OidcLinkBody,
} from '@mindspend/api-contract';
import { MESSAGES } from '@mindspend/domain';
import type { OidcHandoverRow } from '../../db/oidc-schema';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, validationFailed } from '../../lib/http-errors';
import { hashToken } from '../../lib/tokens';
import { issueToken, type SignInClient, signIn } from '../auth';
import { acceptSecondFactor, isTwoFactorOn } from '../two-factor';
import { assertCurrentPassword, findUserById, presentUser } from '../users';
import { identityLinkedNotice } from './oidc-notices';
import { deleteHandover, findHandover, insertIdentity } from './oidc.repo';

const expired = () => new HttpError(400, OIDC_HANDOVER_EXPIRED);

/** The hand-over of `code` and its user, or the 400 of a code unknown, used or expired. */
async function openHandover(deps: AppDeps, code: string | undefined): Promise<{ handover: OidcHandoverRow; user: UserRow }> {
  const handover = code ? await findHandover(deps.db, hashToken(code), isoNow(deps.clock)) : undefined;
  const user = handover && (await findUserById(deps.db, handover.user_id));
  if (!handover || !user) throw expired();
  return { handover, user };
}

/**
 * A `sign_in` code answers the session, once: the code is deleted in the transaction that issues
 * it, so of two exchanges racing with one code only one gets a session. A `link` code answers
 * `link_required` and stays for POST /auth/oidc/link.
 */
export async function exchangeHandover(deps: AppDeps, body: OidcExchangeBody, client: SignInClient): Promise<OidcExchangeResponse> {
  const { handover, user } = await openHandover(deps, body.code);
  if (handover.kind === 'link') return { link_required: true, email: user.email };
  return signIn(deps, user, client, async (trx) => {
    if (!(await deleteHandover(trx, handover.code_hash, 'sign_in', isoNow(deps.clock)))) throw expired();
  });
}

/**
 * Links the provider identity to the account with its e-mail once the account's password (and
 * its second factor, when on) confirms it, then signs in. Wrong passwords count against the
 * account as on every route that asks for it (DECISIONS.md #75); the code stays usable until it
 * expires, so a mistyped password can be typed again. The person is mailed a notice.
 */
export async function linkHandover(deps: AppDeps, body: OidcLinkBody, client: SignInClient): Promise<LoginResponse> {
  const { handover, user } = await openHandover(deps, body.code);
  if (handover.kind !== 'link') throw expired();
  await assertCurrentPassword(deps, user, body.current_password);
  if (isTwoFactorOn(user)) {
    if (!body.one_time_password) return { two_factor_required: true };
    if (!(await acceptSecondFactor(deps, user, body.one_time_password))) {
      throw validationFailed({ one_time_password: [MESSAGES.oneTimePasswordWrong] });
    }
  }
  const now = isoNow(deps.clock);
  const notice = identityLinkedNotice(user, handover.issuer, now, deps.config.SUPPORT_EMAIL);
  const { issued, noticeId } = await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteHandover(trx, handover.code_hash, 'link', now))) throw expired();
    const identity = { issuer: handover.issuer, subject: handover.subject, userId: user.id, email: handover.email, now };
    if (!(await insertIdentity(trx, identity))) throw new HttpError(409, OIDC_ALREADY_LINKED);
    return { noticeId: await deps.mailer.queue(trx, notice), issued: await issueToken(deps, trx, user, client) };
  });
  void deps.mailer.deliver(deps.db, noticeId, notice);
  if (issued.notice && issued.outboxId !== undefined) void deps.mailer.deliver(deps.db, issued.outboxId, issued.notice);
  return { api_token: issued.token, user: presentUser(user, deps.clock.now()) };
}
