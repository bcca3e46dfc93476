/** Calls of the sign-in, sign-up and password-reset screens (spec §7). */
import type { NotificationsResponse, RegisterBody, ResetPasswordBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';

/** With two-factor on, the password alone answers `two_factor_required`; then again with the code. */
export const login = (email: string, password: string, oneTimePassword?: string) =>
  callApi('login', {
    body: { email, password, ...(oneTimePassword !== undefined && { one_time_password: oneTimePassword }) },
    skipAuth: true,
  });

/** Who may sign up on this server (DECISIONS.md #79), and how one signs in: lib/auth-config.ts. */
export { useAuthConfig } from '../../lib/auth-config';

/** The web app's half of a single sign-on (DECISIONS.md #81): the code the callback left in the URL. */
export const exchangeOidcCode = (code: string) =>
  callApi('exchangeOidcCode', { body: { code }, skipAuth: true });

/** Links the provider identity to the account with its e-mail, confirmed by its password (and code). */
export const linkOidcIdentity = (code: string, currentPassword: string, oneTimePassword?: string) =>
  callApi('linkOidcIdentity', {
    body: { code, current_password: currentPassword, ...(oneTimePassword !== undefined && { one_time_password: oneTimePassword }) },
    skipAuth: true,
  });

export const register = (body: RegisterBody) =>
  callApi('register', { body, skipAuth: true });

export const forgotPassword = (email: string) =>
  callApi('requestPasswordReset', { body: { email }, skipAuth: true });

export const resetPassword = (body: ResetPasswordBody) =>
  callApi('resetPassword', { body, skipAuth: true });

/** The user's notifications, with the token of a session that is not stored yet. */
export async function fetchNotifications(token: string): Promise<NotificationsResponse['notifications']> {
  const { notifications } = await callApi('listNotifications', { token });
  return notifications;
}

/** The browser's offset from UTC in hours, as older registration payloads sent it (spec §3). */
export function browserTimezone(): number {
  return -new Date().getTimezoneOffset() / 60;
}

/**
 * The browser's time zone, e.g. `Europe/Berlin` (DECISIONS.md #85): an account's "today" follows
 * it. Undefined when the browser cannot tell (Chrome says `Etc/Unknown`): the offset stands in.
 */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone !== 'Etc/Unknown' ? zone : undefined;
}
