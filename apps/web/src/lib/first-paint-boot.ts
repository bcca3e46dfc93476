/**
 * What the page must know before its first paint, from this device's storage:
 * - the colour scheme (DECISIONS.md #36). The choice made in Settings is kept on this device under
 *   COLOR_SCHEME_KEY (Mantine's localStorage manager reads and writes it once the app runs); until
 *   then this script sets Mantine's `data-mantine-color-scheme` attribute so the page is never
 *   painted in the other scheme first;
 * - whether someone is signed in here (DECISIONS.md #121): `data-session="signed-in"` on `<html>`
 *   keeps a public page the build drew in advance hidden, since the app will send that person on
 *   to their budgets, and the landing page must not flash by on the way.
 *
 * It is inline at the top of `<head>` (apps/web/first-paint-plugin.ts), so it runs before anything
 * is painted without a request of its own; the Content-Security-Policy allows exactly this script
 * by its hash (apps/server/src/lib/inline-script-hashes.ts), and scripts from 'self'.
 */
import { TOKEN_KEY } from './storage';

/** Where the device's choice is kept: 'auto' (follow the system), 'light' or 'dark'. */
export const COLOR_SCHEME_KEY = 'mindspend.color-scheme';

/** The mark on `<html>` of a device where someone is signed in: `data-session="signed-in"`. */
export const SIGNED_IN_MARK = { attribute: 'data-session', value: 'signed-in' } as const;

/** Whether the first-paint script found a session on this device. */
export function markedSignedIn(root: Element = document.documentElement): boolean {
  return root.getAttribute(SIGNED_IN_MARK.attribute) === SIGNED_IN_MARK.value;
}

/**
 * Written out readably below, and sent on one line without its comment (it is in every page's
 * document): each statement ends in `;` or a brace, so joining the lines changes nothing.
 */
function oneLine(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('');
}

/** The script's text: plain ES5 so any browser that loads the app can run it before anything else. */
export function firstPaintBootScript(): string {
  return oneLine(`(function () {
  var root = document.documentElement;
  var chosen = null;
  var token = null;
  try {
    chosen = window.localStorage.getItem(${JSON.stringify(COLOR_SCHEME_KEY)});
    token = window.localStorage.getItem(${JSON.stringify(TOKEN_KEY)}) || window.sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)});
  } catch (blocked) {
    // Storage blocked (a privacy mode): follow the system; no session is kept either.
  }
  var systemDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var scheme = chosen === 'light' || chosen === 'dark' ? chosen : systemDark ? 'dark' : 'light';
  root.setAttribute('data-mantine-color-scheme', scheme);
  if (token) root.setAttribute(${JSON.stringify(SIGNED_IN_MARK.attribute)}, ${JSON.stringify(SIGNED_IN_MARK.value)});
})();
`);
}
