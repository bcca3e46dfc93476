/**
 * A request URL as the log may keep it: no secret that a reader of the log could replay
 * (issue 12). Two kinds of secret reach URLs: the reset link's path carries a one-time token and
 * the e-mail it is for, and a query parameter may carry a token (a link, a provider's callback).
 */

const REDACTED = '[redacted]';

/** Query parameters whose value is a credential, whatever prefix or case (`api_token`, `X-Signature`). */
const SECRET_PARAM = /token|secret|password|passwd|key|code|sig|auth|session|otp|nonce/i;

/** `/reset-password/<token>/<email>` and any page under it, with or without a trailing slash. */
const RESET_PATH = /^(\/(?:api\/)?reset-password)(?:\/[^?#]*)?/;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  const safePath = path.replace(RESET_PATH, (whole, prefix: string) => (whole === prefix ? whole : `${prefix}/${REDACTED}`));
  if (queryStart === -1) return safePath;
  // Split by hand rather than through URLSearchParams, which would re-encode the parameters
  // that are kept and so make log lines differ from what the client sent.
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is checked by its raw spelling.
      }
      return equals !== -1 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}
