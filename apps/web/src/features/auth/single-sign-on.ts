/**
 * The browser's side of single sign-on (DECISIONS.md #81): the button is a plain link to the
 * server's start route (a full-page navigation to the provider and back), carrying what an account
 * made by the sign-in needs (the browser's time zone and offset from UTC, a waiting invitation).
 * The "Remember me" choice waits in this tab's session storage until the sign-in comes back.
 */
import { routeUrl } from '../../lib/api-routes';
import { pendingInvitationToken } from '../books/pending-invitation';
import { browserTimeZone, browserTimezone } from './api';

const REMEMBER_KEY = 'mindspend.ssoRemember';

/** The start route's URL, as of now. */
export function singleSignOnHref(): string {
  const invitation = pendingInvitationToken();
  return routeUrl('startOidcSignIn', {
    query: { time_zone: browserTimeZone(), timezone: browserTimezone(), invitation_token: invitation || undefined },
  });
}

export function rememberSingleSignOnChoice(remember: boolean): void {
  sessionStorage.setItem(REMEMBER_KEY, remember ? '1' : '0');
}

/** The choice made on the login page before leaving for the provider (false when none), forgotten once read. */
export function takeSingleSignOnChoice(): boolean {
  const remember = sessionStorage.getItem(REMEMBER_KEY) === '1';
  sessionStorage.removeItem(REMEMBER_KEY);
  return remember;
}

/**
 * The hand-over code of the page's URL fragment (`#code=…`), taken out of the address bar and the
 * history entry at once: it is single-use, but nothing is left to copy or to come back to.
 */
export function takeHandoverCode(): string | null {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  return code && /^[\w-]{20,128}$/.test(code) ? code : null;
}
