/**
 * Who a provider identity signs in as (DECISIONS.md #81): the account it is linked to; else a new
 * account, made as the sign-up form makes one, when no account has its e-mail; else, when the
 * provider says the e-mail is verified, the account with that e-mail after its password confirms
 * the link (a `link` hand-over). An unverified e-mail never reaches an existing account.
 */
import { zoneForUtcOffset } from '@mindspend/domain';
import type { OidcHandoverKind, OidcStateRow } from '../../db/oidc-schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { unusablePasswordHash } from '../../lib/passwords';
import { assertMaySignUpInvitedBy, createAccount } from '../auth';
import { findUserByEmail, normalizeEmail } from '../users';
import type { ProviderIdentity } from './oidc-client';
import { OidcFailure } from './oidc-failure';
import { findIdentityUser, insertIdentity, touchIdentity } from './oidc.repo';

export interface ResolvedAccount {
  kind: OidcHandoverKind;
  userId: number;
  /** The provider's address, normalized as Mindspend keeps addresses. */
  email: string;
}

/** Longest address Mindspend keeps (users.email is varchar(254)). */
const EMAIL_MAX = 254;

export async function resolveAccount(deps: AppDeps, identity: ProviderIdentity, started: OidcStateRow): Promise<ResolvedAccount> {
  const now = isoNow(deps.clock);
  const email = identity.email ? normalizeEmail(identity.email) : '';
  const linked = await findIdentityUser(deps.db, identity.issuer, identity.subject);
  if (linked !== undefined) {
    await touchIdentity(deps.db, { issuer: identity.issuer, subject: identity.subject, email: email || null, now });
    return { kind: 'sign_in', userId: linked, email };
  }
  if (!email.includes('@') || email.length > EMAIL_MAX) throw new OidcFailure('no_email', 'the provider gave no usable e-mail address');
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    if (!identity.emailVerified) throw new OidcFailure('unverified', `the provider's e-mail of ${identity.subject} matches an account but is not verified`);
    return { kind: 'link', userId: existing.id, email };
  }
  await assertMaySignUp(deps, started.invitation_hash);
  try {
    return { kind: 'sign_in', userId: await createLinkedAccount(deps, identity, email, started.time_zone ?? zoneForUtcOffset(started.timezone)), email };
  } catch (error) {
    // Two first sign-ins of one person racing: the unique indexes let one make the account; the
    // other signs in to it.
    const winner = await findIdentityUser(deps.db, identity.issuer, identity.subject);
    if (winner !== undefined) return { kind: 'sign_in', userId: winner, email };
    throw error;
  }
}

/** SIGNUP decides for single sign-on as for the form (DECISIONS.md #79), with the invitation the sign-in started from. */
async function assertMaySignUp(deps: AppDeps, invitationHash: string | null): Promise<void> {
  try {
    await assertMaySignUpInvitedBy(deps, invitationHash);
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 403)) throw error;
    const kind = deps.config.SIGNUP === 'closed' ? 'signup_closed' : 'signup_invite';
    throw new OidcFailure(kind, `SIGNUP=${deps.config.SIGNUP} refused a new account`);
  }
}

/**
 * The account and its link in one transaction. Its password hash is marked unusable (lib/passwords.ts):
 * no password signs in to it, re-authentication asks for a fresh sign-in instead, and "Forgot
 * password" sets a real one.
 */
async function createLinkedAccount(deps: AppDeps, identity: ProviderIdentity, email: string, timeZone: string): Promise<number> {
  const passwordHash = await unusablePasswordHash();
  const now = isoNow(deps.clock);
  return deps.db.transaction().execute(async (trx) => {
    const userId = await createAccount(deps, trx, {
      email,
      passwordHash,
      firstName: identity.givenName?.trim().slice(0, 100) || null,
      lastName: identity.familyName?.trim().slice(0, 100) || null,
      timeZone,
    });
    if (!(await insertIdentity(trx, { issuer: identity.issuer, subject: identity.subject, userId, email, now }))) {
      throw new Error('the identity was linked meanwhile');
    }
    return userId;
  });
}
