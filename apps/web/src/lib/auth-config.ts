/**
 * What this server offers for signing in and up (GET /auth/config: DECISIONS.md #79, #81): read
 * once per page load, as it changes only when the server restarts with other settings. It lives
 * in lib/ because the navigation (components/) needs it as well as the sign-in screens, and it is
 * a server value rather than a query so that public pages need no query library (#115).
 */
import type { AuthConfigResponse } from '@mindspend/api-contract';
import { callApi } from './api-routes';
import { createServerValue, useServerValue } from './server-value';

export const fetchAuthConfig = () => callApi('getAuthConfig', { skipAuth: true });

/** The server's settings, one per page load (the key is the same for everyone). */
export const authConfig = createServerValue(fetchAuthConfig, { freshMs: Infinity, retry: true });

/** `enabled: false` asks nothing (a signed-in page has no sign-up link to decide). */
export function useAuthConfig(enabled = true) {
  return useServerValue(authConfig, enabled ? 'server' : null);
}

/** Whether a visitor can sign up from the navigation: not on a closed or invitation-only server. */
export function signupOffered(config: AuthConfigResponse | undefined): boolean {
  return config === undefined || config.signup === 'open';
}
