/**
 * Registers the service worker (src/service-worker/sw.ts, DECISIONS.md #35) and announces a new
 * version: when one is installed and waiting, a notification offers 'Reload', which lets it take
 * over and reloads the page. Until then the open page keeps the version it started with, so nobody
 * loses what they are typing to an update.
 *
 * The browser's own API, not workbox-window: this module is in the first load of every page, and
 * the library cost about 2 KB of it for the three events used here (DECISIONS.md #110).
 */

/** A phone keeps the app open for days: look for a new version every hour as well as on load. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The message sw.ts answers with skipWaiting(). */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

function announceNewVersion(waiting: ServiceWorker): void {
  const reload = () => {
    // Reload once the new worker controls the page, so the page and its worker match.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage(SKIP_WAITING);
  };
  void import('./new-version-prompt').then(({ showNewVersionPrompt }) => showNewVersionPrompt(reload));
}

function watchForNewVersions(registration: ServiceWorkerRegistration): void {
  // Another tab may already have installed a release that waits for every tab of the old one.
  if (registration.waiting && navigator.serviceWorker.controller) announceNewVersion(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // Installed while another worker controls the page: a release waiting. Without a controller
      // it is the first install, which needs no reload.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) announceNewVersion(installing);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

export function registerServiceWorker(): void {
  // The development server builds no worker (vite-plugin-pwa's default).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watchForNewVersions)
      .catch((error: unknown) => {
        // The app works without a worker (no offline reading); say why in the console only.
        console.warn('Service worker registration failed', error);
      });
  // After the load event, so the worker's precache does not compete with the page's own files.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
