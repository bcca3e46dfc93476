/**
 * The cookie that binds a sign-in to the browser that started it (DECISIONS.md #81): the `state`
 * the start route chose, which the callback must find in the same browser. Without it, anyone
 * could send a victim's browser to the callback with the code of the attacker's own sign-in and
 * sign the victim in to the attacker's account. HttpOnly (no script reads it), SameSite=Lax (a
 * provider's redirect back is a top-level navigation, which Lax lets through), only sent to the
 * single sign-on routes, gone after the sign-in's 10 minutes.
 */
export const STATE_COOKIE = 'mindspend_oidc_state';
const COOKIE_PATH = '/api/auth/oidc';

export function stateCookie(state: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${STATE_COOKIE}=${state}`, `Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

export function clearedStateCookie(secure: boolean): string {
  return stateCookie('', 0, secure);
}

/** The state cookie's value in a Cookie header, or undefined. */
export function readStateCookie(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
