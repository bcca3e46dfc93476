/**
 * Registers the service worker (src/service-worker/sw.ts, DECISIONS.md #35) with workbox-window and
 * announces a new version: when one is installed and waiting, a notification offers 'Reload',
 * which lets it take over and reloads the page. Until then the open page keeps the version it
 * started with, so nobody loses what they are typing to an update.
 */
import { Workbox } from 'workbox-window';

/** A phone keeps the app open for days: look for a new version every hour as well as on load. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function announceNewVersion(workbox: Workbox): void {
  const reload = () => {
    // Reload once the new worker controls the page, so the page and its worker match.
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  };
  void import('./new-version-prompt').then(({ showNewVersionPrompt }) => showNewVersionPrompt(reload));
}

export function registerServiceWorker(): void {
  // The development server builds no worker (vite-plugin-pwa's default).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => announceNewVersion(workbox));
  workbox
    .register()
    .then((registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => {
      // The app works without a worker (no offline reading); say why in the console only.
      console.warn('Service worker registration failed', error);
    });
}
