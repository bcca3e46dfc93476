/// <reference lib="webworker" />
/**
 * The service worker (DECISIONS.md #34, #35), built by vite-plugin-pwa in injectManifest mode:
 * - the app shell (index.html and the hashed assets the build lists in `self.__WB_MANIFEST`) is
 *   precached, so the app opens without a connection; every page address gets index.html;
 * - the GET answers the ledger, budgets and accounts screens need are network-first: live when the
 *   server answers, else the last saved copy, marked with the time it was saved;
 * - a new version waits until the page asks it to take over ('A new version is ready — Reload');
 * - Background Sync wakes the windows to send what was added offline (./background-sync.ts);
 * - push nudges are shown with their feeling buttons (./push-nudges.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  API_CACHE_MAX_AGE_SECONDS,
  API_CACHE_MAX_ENTRIES,
  SAVED_AT_HEADER,
  SESSION_KEY_PARAM,
  isOfflineReadable,
} from '../lib/offline/cached-reads';
import { listenForBackgroundSync } from './background-sync';
import { listenForPushNudges } from './push-nudges';
import { sessionKeyOf } from './session-key';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Page addresses are client routes: the precached shell answers them, online or not. /api is the
// server's.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

/** Deletes every saved answer: the server said this session is over. */
async function forgetSavedAnswers(): Promise<void> {
  await caches.delete(API_CACHE);
}

const apiAnswers = new NetworkFirst({
  cacheName: API_CACHE,
  plugins: [
    {
      // Answers are keyed by session and book as well as address: another session on this device
      // (another user, or the same one signed in again) or another book never matches them.
      cacheKeyWillBeUsed: async ({ request }) => {
        const key = new URL(request.url);
        key.searchParams.set(SESSION_KEY_PARAM, await sessionKeyOf(request));
        return key.href;
      },
      // Only complete answers are saved, stamped with the time they arrived.
      cacheWillUpdate: async ({ response }) => {
        if (response.status !== 200) return null;
        const headers = new Headers(response.headers);
        headers.set(SAVED_AT_HEADER, new Date().toISOString());
        return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
      },
      // One session's answers at a time: the first answer saved for a new session (or after a switch
      // of book) drops the rest.
      cacheDidUpdate: async ({ cacheName, request }) => {
        const current = new URL(request.url).searchParams.get(SESSION_KEY_PARAM);
        const cache = await caches.open(cacheName);
        for (const key of await cache.keys()) {
          if (new URL(key.url).searchParams.get(SESSION_KEY_PARAM) !== current) await cache.delete(key);
        }
      },
      fetchDidSucceed: async ({ response }) => {
        if (response.status === 401) await forgetSavedAnswers();
        return response;
      },
    },
    new ExpirationPlugin({
      maxEntries: API_CACHE_MAX_ENTRIES,
      maxAgeSeconds: API_CACHE_MAX_AGE_SECONDS,
      purgeOnQuotaError: true,
    }),
  ],
});

registerRoute(({ url, request, sameOrigin }) => {
  if (!sameOrigin || request.method !== 'GET' || !request.headers.has('Authorization')) return false;
  return isOfflineReadable(url.pathname);
}, apiAnswers);

// The page's 'Reload' (lib/offline/register-service-worker.ts) lets a waiting version take over.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
// Transactions added offline are sent by the windows when the connection returns.
listenForBackgroundSync();
// "How did that feel?" nudges and their feeling buttons (issue 30).
listenForPushNudges(self);
// The first install controls the open page at once, so it can be read offline without a reload.
clientsClaim();
