/**
 * The colour scheme before the first paint (DECISIONS.md #36). The choice made in Settings is kept
 * on this device under COLOR_SCHEME_KEY (Mantine's localStorage manager reads and writes it once the
 * app runs); until then this script, loaded from `<head>` ahead of the styles, sets Mantine's
 * `data-mantine-color-scheme` attribute so the page is never painted in the other scheme first.
 *
 * It is a classic external script, not an inline one: the Content-Security-Policy allows scripts
 * from 'self' only (apps/server/src/plugins/security.ts). The build writes it under assets/ with a
 * content hash (apps/web/color-scheme-plugin.ts), so it is cached like every other asset.
 */

/** Where the device's choice is kept: 'auto' (follow the system), 'light' or 'dark'. */
export const COLOR_SCHEME_KEY = 'mindspend.color-scheme';

/** The script's text: plain ES5 so any browser that loads the app can run it before anything else. */
export function colorSchemeBootScript(storageKey: string = COLOR_SCHEME_KEY): string {
  return `(function () {
  var chosen = null;
  try {
    chosen = window.localStorage.getItem(${JSON.stringify(storageKey)});
  } catch (blocked) {
    // Storage blocked (a privacy mode): follow the system.
  }
  var systemDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var scheme = chosen === 'light' || chosen === 'dark' ? chosen : systemDark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
`;
}
