/**
 * What the login page says for each `sso_error` the server's single sign-on callback sends it to
 * (DECISIONS.md #81). Only the kinds travel; the words live here, so the login page needs no
 * runtime code of the contract package (its route budget).
 */
import type { OidcErrorKind } from '@mindspend/api-contract';

export const SSO_ERRORS = {
  state:
    'This single sign-on could not be matched to one started in this browser (it may have expired, been used already, or been started in another tab). Please try again.',
  token: 'The identity provider’s answer did not pass the checks, so nobody was signed in. Please try again.',
  provider: 'The identity provider refused the sign-in. Please try again.',
  denied: 'The sign-in was cancelled at the identity provider.',
  unavailable:
    'The identity provider cannot be reached right now. Please try again later, or ask the server’s administrator.',
  unverified:
    'An account with this e-mail address exists, but your identity provider does not say the address is verified, so the two cannot be linked. Sign in with your password, or ask the administrator to verify the address.',
  no_email: 'Your identity provider did not give an e-mail address, which a Mindspend account needs.',
  signup_closed:
    'New accounts cannot be created on this server, so single sign-on could not make one for you.',
  signup_invite:
    'This server creates accounts by invitation only: open the invitation link you were sent, then sign in with single sign-on from there.',
  off: 'Single sign-on is not set up on this server.',
} as const satisfies Record<OidcErrorKind, string>;

/** The words for `/login?sso_error=…`, or null when the value is not one the server sends. */
export function ssoErrorMessage(kind: string | null): string | null {
  return kind && Object.hasOwn(SSO_ERRORS, kind) ? SSO_ERRORS[kind as OidcErrorKind] : null;
}
