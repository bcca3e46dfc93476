import { useSyncExternalStore } from 'react';
import type { ExternalStore } from './external-store';

/** The store's current value; the component re-renders when it changes. */
export function useExternalStore<T>(store: ExternalStore<T>): T {
  // The server snapshot is the client's: the app is never rendered on a server.
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
