/// <reference lib="webworker" />
/**
 * Background Sync for the entries kept on the device while offline (DECISIONS.md #104): when the
 * browser says the connection is back, the open windows of the app are asked to send them.
 */
import { SEND_WAITING_MESSAGE, SEND_WAITING_TAG } from '../lib/offline/waiting-sync';

declare const self: ServiceWorkerGlobalScope;

/** The Background Sync event (not yet in TypeScript's worker library). */
interface SyncEventLike extends ExtendableEvent {
  readonly tag: string;
}

async function askWindowsToSend(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: SEND_WAITING_MESSAGE });
}

export function listenForBackgroundSync(): void {
  self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag === SEND_WAITING_TAG) sync.waitUntil(askWindowsToSend());
  });
}
