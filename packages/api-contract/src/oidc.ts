/**
 * Single sign-on with OpenID Connect (issue 28; DECISIONS.md #81): the provider sends the browser
 * back to GET /auth/oidc/callback, which redirects to the web app's /auth/oidc with a single-use
 * hand-over code in the URL's fragment, or to /login?sso_error=<kind> when it did not work out.
 */
import { z } from 'zod';
import { authResponse, loginResponse } from './auth';
import { optionalText } from './common';
import { timeZoneField } from './time-zone';

/**
 * Why a single sign-on signed nobody in: the callback sends the browser to
 * `/login?sso_error=<kind>`, and the login page says it in words (apps/web's sso-errors.ts; kept
 * there, so the login page loads no contract code).
 */
export const OIDC_ERROR_KINDS = [
  'state',
  'token',
  'provider',
  'denied',
  'unavailable',
  'unverified',
  'no_email',
  'signup_closed',
  'signup_invite',
  'off',
] as const;
export type OidcErrorKind = (typeof OIDC_ERROR_KINDS)[number];

/** POST /auth/oidc/exchange and /link on a server without single sign-on: 404. */
export const OIDC_OFF = 'Single sign-on is not set up on this server.';
/** A hand-over code that is unknown, used, or expired (POST /auth/oidc/exchange and /link). */
export const OIDC_HANDOVER_EXPIRED = 'This sign-in has expired or was already used. Please sign in again.';
/** With OIDC_ONLY=true: POST /login and /register. */
export const PASSWORD_SIGN_IN_OFF = 'This server signs people in with single sign-on only: use the single sign-on button.';
/** POST /auth/oidc/link when the provider identity was linked to another account meanwhile. */
export const OIDC_ALREADY_LINKED = 'This identity is already linked to another Mindspend account.';

/**
 * GET /auth/oidc/start: the browser's time zone for an account the sign-in creates
 * (DECISIONS.md #85), or older clients' offset from UTC, and, with SIGNUP=invite, the invitation
 * the visitor came from.
 */
export const oidcStartQuery = z.object({
  time_zone: timeZoneField().optional(),
  timezone: z.coerce.number().min(-24).max(24).optional(),
  invitation_token: optionalText(200),
});
export type OidcStartQuery = z.infer<typeof oidcStartQuery>;

/** POST /auth/oidc/exchange: the code the callback put in the web app's URL. */
export const oidcExchangeBody = z.object({ code: optionalText(128) });
export type OidcExchangeBody = z.infer<typeof oidcExchangeBody>;

/** An account has the provider's (verified) address: its password must confirm the link. */
export const oidcLinkRequiredResponse = z.object({ link_required: z.literal(true), email: z.string() });
export const oidcExchangeResponse = z.union([authResponse, oidcLinkRequiredResponse]);
export type OidcExchangeResponse = z.infer<typeof oidcExchangeResponse>;

/**
 * POST /auth/oidc/link: the same code with the account's password; with two-factor on, the
 * first call answers `two_factor_required` and the second carries the code, as sign-in does.
 */
export const oidcLinkBody = z.object({
  code: optionalText(128),
  current_password: optionalText(1024),
  one_time_password: optionalText(64),
});
export type OidcLinkBody = z.infer<typeof oidcLinkBody>;
export const oidcLinkResponse = loginResponse;
