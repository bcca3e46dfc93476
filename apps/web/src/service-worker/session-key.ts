import { BOOK_HEADER } from '../lib/book-header';

/**
 * Which session, and which book of it, a request belongs to, as the service worker keys saved
 * answers: a SHA-256 of the bearer token (so the cache never holds the token itself; DECISIONS.md
 * #34) and of the Mindspend-Book header when one is sent, so one book's saved month never answers
 * for another's (issue 25). The personal book sends no header and keeps the key it always had.
 */
export async function sessionKeyOf(request: Request): Promise<string> {
  const authorization = request.headers.get('Authorization') ?? '';
  const book = request.headers.get(BOOK_HEADER);
  const material = book === null ? authorization : `${authorization}\n${BOOK_HEADER}: ${book}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(material));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
