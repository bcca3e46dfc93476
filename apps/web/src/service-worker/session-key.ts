/**
 * Which session a request belongs to, as the service worker keys saved answers: a SHA-256 of the
 * bearer token, so the cache never holds the token itself (DECISIONS.md #34).
 */
export async function sessionKeyOf(request: Request): Promise<string> {
  const authorization = request.headers.get('Authorization') ?? '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
